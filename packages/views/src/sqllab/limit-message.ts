/**
 * Why fewer rows are shown than the query may return (the server's limitingFactor), in the incumbent's
 * words.
 *
 * @example
 * limitMessage('DROPDOWN', 1000); // 'The number of rows displayed is limited to 1000 by the limit dropdown.'
 */
export function limitMessage(limitingFactor: string | null | undefined, rows: number): string | null {
  switch (limitingFactor) {
    case 'QUERY':
      return `The number of rows displayed is limited to ${rows} by the query`;
    case 'DROPDOWN':
      return `The number of rows displayed is limited to ${rows} by the limit dropdown.`;
    case 'QUERY_AND_DROPDOWN':
      return `The number of rows displayed is limited to ${rows} by the query and limit dropdown.`;
    default:
      return null;
  }
}
