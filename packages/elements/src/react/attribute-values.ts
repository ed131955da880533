/**
 * Props to attribute strings. React 18 and 19 both pass a string prop of a custom element through as an
 * attribute, so the components pass strings only: the same markup in both, and on the server.
 */

/** A boolean attribute: '' when on; `defaultOn` attributes get "false" when off, others are left out. */
export function booleanProp(value: boolean | undefined, defaultOn = false): string | undefined {
  if (value === undefined) return undefined;
  if (value) return '';
  return defaultOn ? 'false' : undefined;
}

/** A JSON attribute; undefined leaves it out. */
export function jsonProp(value: unknown): string | undefined {
  return value === undefined ? undefined : JSON.stringify(value);
}

/** Drops undefined values, so React leaves those attributes out. */
export function definedOnly(values: Record<string, string | number | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined).map(([key, value]) => [key, String(value)]));
}
