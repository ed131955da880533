/**
 * Explore's check of a formula layer's formula before it is saved: the same compile the chart does, with the
 * evaluator (mathjs) downloaded on the first check, so Explore's own first load does not carry it.
 */

/**
 * Why a formula cannot be drawn ("its formula does not parse (...)"), or null when it can.
 *
 * @example
 * await checkAnnotationFormula('2x + 5'); // null
 * await checkAnnotationFormula('2x +'); // 'The formula does not parse (Unexpected end of expression (char 5))'
 */
export async function checkAnnotationFormula(formula: string): Promise<string | null> {
  const { compileFormula } = await import('./formula');
  try {
    compileFormula(formula);
    return null;
  } catch (error) {
    return `The formula ${error instanceof Error ? error.message : 'cannot be read'}`;
  }
}
