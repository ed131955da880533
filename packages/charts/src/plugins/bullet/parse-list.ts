/**
 * The bullet's form data keeps its ranges, markers and their labels as comma-separated text (the
 * incumbent's legacy controls: ranges '0,50,100', range_labels 'Low,Mid,High').
 */

/**
 * The trimmed items of a comma-separated control; an empty or unset control has none.
 *
 * @example
 * splitList(' Low, Mid ,High'); // ['Low', 'Mid', 'High']
 */
export function splitList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => String(v).trim());
  if (value === null || value === undefined || String(value).trim() === '') return [];
  return String(value).split(',').map((s) => s.trim());
}

/**
 * The numbers of a comma-separated control; a non-number is an error naming the control, so a typo
 * shows in the error panel instead of a silently missing range.
 *
 * @example
 * numberList('0, 50,100', 'Ranges'); // [0, 50, 100]
 * numberList('10,abc', 'Markers');  // throws 'Markers: "abc" is not a number'
 */
export function numberList(value: unknown, label: string): number[] {
  return splitList(value).map((item) => {
    const n = Number(item);
    if (item === '' || !Number.isFinite(n)) throw new Error(`${label}: "${item}" is not a number`);
    return n;
  });
}
