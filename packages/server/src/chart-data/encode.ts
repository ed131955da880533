/**
 * Serialises columnar results. The JSON API answers records (`data: [{col: value}]`) like the incumbent, but
 * they are written straight from column arrays into one string with the keys encoded once, instead of
 * building one object per row and handing them to JSON.stringify: on 100k+ rows this is the difference
 * between serialisation dominating the response time or not (see test/bench/chart-data).
 */
export function encodeRecords(colnames: string[], columns: unknown[][]): string {
  const rowCount = columns[0]?.length ?? 0;
  if (!colnames.length || rowCount === 0) return '[]';
  const keys = colnames.map((name, i) => `${i === 0 ? '{' : ','}${JSON.stringify(name)}:`);
  const parts: string[] = new Array(rowCount);
  const width = colnames.length;
  for (let r = 0; r < rowCount; r++) {
    let row = '';
    for (let c = 0; c < width; c++) row += keys[c] + encodeValue(columns[c][r]);
    parts[r] = `${row}}`;
  }
  return `[${parts.join(',')}]`;
}

function encodeValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'string':
      return JSON.stringify(value);
    case 'bigint':
      return value.toString();
    default:
      return JSON.stringify(value) ?? 'null';
  }
}

/** RFC 4180 CSV with a header row; temporal columns rendered as ISO-8601. */
export function encodeCsv(colnames: string[], columns: unknown[][], temporal: boolean[]): string {
  const escape = (value: unknown, isTemporal: boolean): string => {
    if (value === null || value === undefined) return '';
    const text = isTemporal && typeof value === 'number' ? new Date(value).toISOString().replace('.000Z', '').replace('T', ' ') : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [colnames.map((name) => escape(name, false)).join(',')];
  const rowCount = columns[0]?.length ?? 0;
  for (let r = 0; r < rowCount; r++) lines.push(columns.map((column, c) => escape(column[r], temporal[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
