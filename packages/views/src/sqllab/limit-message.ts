import { formatEnglish, msg, type Translator } from '@lumen-bi/core';

/** The incumbent's words for each limiting factor, English sources translated where shown. */
const LIMIT_MESSAGES: Record<string, string> = {
  QUERY: msg('The number of rows displayed is limited to {rows} by the query'),
  DROPDOWN: msg('The number of rows displayed is limited to {rows} by the limit dropdown.'),
  QUERY_AND_DROPDOWN: msg('The number of rows displayed is limited to {rows} by the query and limit dropdown.'),
};

/**
 * Why fewer rows are shown than the query may return (the server's limitingFactor), in the incumbent's
 * words, in the viewer's locale when given its `t` (English otherwise).
 *
 * @example
 * limitMessage('DROPDOWN', 1000); // 'The number of rows displayed is limited to 1000 by the limit dropdown.'
 */
export function limitMessage(limitingFactor: string | null | undefined, rows: number, t: Translator['t'] = formatEnglish): string | null {
  const source = limitingFactor ? LIMIT_MESSAGES[limitingFactor] : undefined;
  return source ? t(source, { rows }) : null;
}
