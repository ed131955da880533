/**
 * Pure value rules of the Select control (spec 1 §5), kept apart from the widget so stores can apply the
 * same rules to form data loaded from a saved chart or a permalink.
 */

/** One option of a select: any JSON-able value and the text shown for it. */
export interface SelectOption {
  value: unknown;
  label: string;
}

/** Separators a paste is split on: comma, CRLF, newline, tab and semicolon (spec 1 §5). */
const PASTE_SEPARATORS = /\r\n|[,\n\t;]/;

/**
 * Splits pasted text into trimmed, non-empty values, without duplicates.
 *
 * @example
 * splitPastedText('a, b\r\nc\td;e,a'); // ['a', 'b', 'c', 'd', 'e']
 */
export function splitPastedText(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(PASTE_SEPARATORS)) {
    const value = part.trim();
    if (value) seen.add(value);
  }
  return [...seen];
}

/** A stable identity for option values that may be objects (adhoc metrics, [col, asc] pairs). */
export function optionKey(value: unknown): string {
  return typeof value === 'string' ? `s:${value}` : `j:${JSON.stringify(value)}`;
}

/**
 * Keeps only values found among the choices: a multi value loses unknown entries, a single value not in
 * the choices becomes null (spec 1 §5).
 *
 * @example
 * filterToChoices(['a', 'x'], [{ value: 'a', label: 'A' }], true); // ['a']
 * filterToChoices('x', [{ value: 'a', label: 'A' }], false);       // null
 */
export function filterToChoices(value: unknown, choices: readonly SelectOption[], multi: boolean): unknown {
  const known = new Set(choices.map((choice) => optionKey(choice.value)));
  if (multi) {
    const list = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
    return list.filter((item) => known.has(optionKey(item)));
  }
  if (value === null || value === undefined) return null;
  return known.has(optionKey(value)) ? value : null;
}

/**
 * Maps typed or pasted text to option values: an option whose label or value matches (case-insensitive)
 * wins; other text is kept only for free-form selects, where it may also be a number.
 *
 * @example
 * textToValues(['10', 'zzz'], [{ value: 10, label: '10' }], false); // [10]
 */
export function textToValues(texts: readonly string[], choices: readonly SelectOption[], freeForm: boolean): unknown[] {
  const out: unknown[] = [];
  for (const text of texts) {
    const lower = text.toLowerCase();
    const match = choices.find((c) => c.label.toLowerCase() === lower || String(c.value).toLowerCase() === lower);
    if (match) out.push(match.value);
    else if (freeForm) out.push(text);
  }
  return out;
}
