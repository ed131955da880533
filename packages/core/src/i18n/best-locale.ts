/**
 * The supported locale that best answers a visitor's ordered language wishes (the browser's
 * `navigator.languages`, or an Accept-Language header already sorted by weight), shared by the server and
 * the signed-out pages so both choose alike.
 */
import { LOCALE_TAGS, type Locale } from './locales';

/** A wish's own tag if the product ships it (`pt-BR`), else its language if shipped (`pt-PT` -> `pt`). */
function localeFor(wish: string): Locale | null {
  const wanted = wish.trim().replace(/_/g, '-').toLowerCase();
  const exact = LOCALE_TAGS.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split('-')[0];
  return LOCALE_TAGS.find((locale) => locale === language) ?? null;
}

/**
 * The first wish, in order, that names one of spec 1 §9's locales (by its region or its language); null
 * when none does, so the caller picks its own fallback (English for the app).
 *
 * @example
 * bestLocale(['pt-BR', 'en']); // 'pt-BR'
 * bestLocale(['zh-CN', 'en']); // 'zh'
 * bestLocale(['xx', 'de-AT']); // 'de'
 * bestLocale(['xx']); // null
 */
export function bestLocale(wishes: readonly string[]): Locale | null {
  for (const wish of wishes) {
    const locale = localeFor(wish);
    if (locale) return locale;
  }
  return null;
}
