/**
 * English, the source language, without the message-format runtime: an English page downloads neither a
 * catalogue nor intl-messageformat (DESIGN.md "Performance budget"), so the source text is formatted here.
 * Only simple `{name}` arguments are supported; a source string with ICU plural or select syntax is rejected
 * by the extraction check (scripts/i18n-extract.test.ts), because this path would print it raw.
 */

/** Values of a message's `{name}` arguments. */
export type MessageValues = Readonly<Record<string, string | number>>;

const ARGUMENT = /\{\s*([A-Za-z_][\w]*)\s*\}/g;

/**
 * The source text with each `{name}` replaced by its value; an argument without a value stays as written,
 * so a missing value is visible rather than silently blank.
 *
 * @example
 * formatEnglish('Loading {name}…', { name: 'Sales' }); // 'Loading Sales…'
 */
export function formatEnglish(source: string, values?: MessageValues): string {
  if (!values) return source;
  return source.replace(ARGUMENT, (whole, name: string) => (Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole));
}

/** True when a source string uses ICU syntax beyond `{name}` (plural, select, number…), which English cannot format. */
export function needsMessageRuntime(source: string): boolean {
  return /\{[^{}]*,/.test(source);
}
