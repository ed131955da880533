/**
 * The product's locales (spec 1 §9) as BCP 47 tags, and the order in which a locale's catalogues are tried.
 * Attributes and settings may spell them the spec's way (`pt_BR`); catalogues are keyed by the BCP 47 tag.
 */

/** Spec 1 §9's locales, BCP 47 spelling. English is the source language: it has no catalogue of its own. */
export const LOCALE_TAGS = ['en', 'fr', 'es', 'it', 'zh', 'ja', 'de', 'pt', 'pt-BR', 'ru', 'ko', 'sk', 'sl', 'nl'] as const;

export type Locale = (typeof LOCALE_TAGS)[number];

/** The source language: its text is the message itself, so it never loads a catalogue. */
export const SOURCE_LOCALE: Locale = 'en';

/**
 * The supported locale a tag names, whatever its spelling (`pt_BR`, `PT-br`); a regional tag the product
 * does not ship falls back to its language (`fr-CA` -> `fr`), anything else to English.
 *
 * @example
 * toLocale('pt_BR'); // 'pt-BR'
 * toLocale('de-AT'); // 'de'
 * toLocale('xx'); // 'en'
 */
export function toLocale(tag: string | null | undefined): Locale {
  const wanted = (tag ?? '').trim().replace(/_/g, '-').toLowerCase();
  const exact = LOCALE_TAGS.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split('-')[0];
  return LOCALE_TAGS.find((locale) => locale === language) ?? SOURCE_LOCALE;
}

/**
 * The catalogues to look a message up in, most specific first; English (the source text) is always the
 * last resort and is not listed.
 *
 * @example
 * catalogueChain('pt-BR'); // ['pt-BR', 'pt']
 * catalogueChain('en'); // []
 */
export function catalogueChain(locale: Locale): Locale[] {
  if (locale === SOURCE_LOCALE) return [];
  const language = locale.split('-')[0] as Locale;
  return language !== locale && LOCALE_TAGS.includes(language) ? [locale, language] : [locale];
}
