/**
 * Lazy catalogues: one dynamic import() per locale (a `locale-*` chunk in the bundles, reported apart by
 * scripts/bundle-budgets.mjs). This module is itself loaded on demand (load-translator.ts), so the table of
 * locale chunks and the fallback logic stay out of an English page's first load.
 */
import { catalogueChain, SOURCE_LOCALE, toLocale, type Locale } from './locales';
import { createTranslator } from './create-translator';
import { ENGLISH_TRANSLATOR, type LocaleModule, type Translator } from './translator';

type TranslatedLocale = Exclude<Locale, 'en'>;

/** Each import() names its module literally, so bundlers emit one chunk per locale. */
const LOCALE_MODULES: Readonly<Record<TranslatedLocale, () => Promise<LocaleModule>>> = {
  fr: () => import('./compiled/locale-fr'),
  es: () => import('./compiled/locale-es'),
  it: () => import('./compiled/locale-it'),
  zh: () => import('./compiled/locale-zh'),
  ja: () => import('./compiled/locale-ja'),
  de: () => import('./compiled/locale-de'),
  pt: () => import('./compiled/locale-pt'),
  'pt-BR': () => import('./compiled/locale-pt-BR'),
  ru: () => import('./compiled/locale-ru'),
  ko: () => import('./compiled/locale-ko'),
  sk: () => import('./compiled/locale-sk'),
  sl: () => import('./compiled/locale-sl'),
  nl: () => import('./compiled/locale-nl'),
};

/**
 * The translator of a locale (any spelling: `pt_BR`, `de-AT`) over its catalogues; English for a locale the
 * product does not ship. Rejects when a catalogue cannot be downloaded.
 */
export async function loadLocaleTranslator(tag: string): Promise<Translator> {
  const locale = toLocale(tag);
  if (locale === SOURCE_LOCALE) return ENGLISH_TRANSLATOR;
  const modules = await Promise.all(catalogueChain(locale).map((each) => LOCALE_MODULES[each as TranslatedLocale]()));
  return createTranslator(locale, modules);
}
