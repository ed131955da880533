/**
 * Lazy catalogues: one dynamic import() per locale (a `locale-*` chunk in the bundles, reported apart by
 * scripts/bundle-budgets.mjs), loaded the first time a subtree asks for that locale. English loads nothing.
 */
import { catalogueChain, SOURCE_LOCALE, toLocale, type Locale } from './locales';
import { createTranslator, ENGLISH_TRANSLATOR, type LocaleModule, type Translator } from './translator';

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

/** Translators already loaded, by locale: a cache of immutable objects, shared by every subtree in that locale. */
const ready = new Map<Locale, Translator>([[SOURCE_LOCALE, ENGLISH_TRANSLATOR]]);
const pending = new Map<Locale, Promise<Translator>>();

/**
 * The translator of a locale if it is loaded already (always for English), so a subtree switching back to
 * a locale it has shown renders at once, without an English frame.
 */
export function loadedTranslator(tag: string | null | undefined): Translator | undefined {
  return ready.get(toLocale(tag));
}

/**
 * The translator of a locale (any spelling: `pt_BR`, `de-AT`), loading its catalogues on first use. When a
 * catalogue cannot be downloaded the promise gives English, and a later call tries again.
 *
 * @example
 * const { t } = await loadTranslator('de');
 * t('Loading…'); // 'Wird geladen…'
 */
export function loadTranslator(tag: string | null | undefined): Promise<Translator> {
  const locale = toLocale(tag);
  const known = ready.get(locale) ?? pending.get(locale);
  if (known) return Promise.resolve(known);
  const loading = Promise.all(catalogueChain(locale).map((each) => LOCALE_MODULES[each as TranslatedLocale]()))
    .then((modules) => {
      const translator = createTranslator(locale, modules);
      ready.set(locale, translator);
      return translator;
    })
    .catch(() => ENGLISH_TRANSLATOR)
    .finally(() => pending.delete(locale));
  pending.set(locale, loading);
  return loading;
}
