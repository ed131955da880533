/** Excel refuses a sheet name longer than 31 characters. */
const MAX_SHEET_NAME_LENGTH = 31;
/** Characters Excel refuses in a sheet name. */
const FORBIDDEN = /[[\]:*?/\\]/g;

/**
 * A name Excel accepts for a sheet: the forbidden characters []:*?/\ become '_', leading and trailing
 * apostrophes go (Excel refuses them there) and the name is cut to 31 characters (by code point, so no
 * emoji is split). An empty result becomes 'Sheet'.
 *
 * @example
 * excelSheetName('Sales [EMEA]: 2024/25'); // 'Sales _EMEA__ 2024_25'
 */
export function excelSheetName(name: string): string {
  const cleaned = name.replace(FORBIDDEN, '_').replace(/^'+|'+$/g, '').trim();
  const cut = Array.from(cleaned).slice(0, MAX_SHEET_NAME_LENGTH).join('').replace(/'+$/, '');
  return cut || 'Sheet';
}

/**
 * One distinct sheet name per query, all from the chart's name: the first query's sheet is the name itself,
 * the next ones end in ' (2)', ' (3)'... with the name shortened so the suffix still fits in 31 characters.
 *
 * @example
 * excelSheetNames('Revenue', 2); // ['Revenue', 'Revenue (2)']
 */
export function excelSheetNames(chartName: string, count: number): string[] {
  const base = excelSheetName(chartName);
  return Array.from({ length: count }, (_, i) => {
    if (i === 0) return base;
    const suffix = ` (${i + 1})`;
    return `${Array.from(base).slice(0, MAX_SHEET_NAME_LENGTH - suffix.length).join('')}${suffix}`;
  });
}
