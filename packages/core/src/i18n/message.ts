/**
 * Marks an English source string as a UI message where it is declared (a table of texts at module level),
 * so scripts/i18n-extract.mjs collects it; it is translated where it is shown (`t(text)`).
 *
 * @example
 * const HEADLINES = { NETWORK: msg('The Lumen server cannot be reached') };
 * t(HEADLINES.NETWORK); // in the viewer's locale
 */
export function msg<T extends string>(source: T): T {
  return source;
}
