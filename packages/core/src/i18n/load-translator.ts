/**
 * What the first load holds of the catalogues: English at once, and a cache of the translators of other
 * locales, which the on-demand locale-loader.ts builds (one `locale-*` chunk per locale).
 */
import { isSourceLocale } from './source-locale';
import { ENGLISH_TRANSLATOR, type Translator } from './translator';

/** Translators already loaded and pending, by the tag as spelled (`pt_BR` and `pt-BR` share one entry). */
const ready = new Map<string, Translator>();
const pending = new Map<string, Promise<Translator>>();

const keyOf = (tag: string) => tag.trim().replace(/_/g, '-').toLowerCase();


/**
 * The translator of a locale if it is loaded already (always for English), so a subtree switching back to
 * a locale it has shown renders at once, without an English frame.
 */
export function loadedTranslator(tag: string | null | undefined): Translator | undefined {
  return isSourceLocale(tag) ? ENGLISH_TRANSLATOR : ready.get(keyOf(tag));
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
  if (isSourceLocale(tag)) return Promise.resolve(ENGLISH_TRANSLATOR);
  const key = keyOf(tag);
  const known = ready.get(key) ?? pending.get(key);
  if (known) return Promise.resolve(known);
  const loading = import('./locale-loader')
    .then((loader) => loader.loadLocaleTranslator(key))
    .then((translator) => {
      ready.set(key, translator);
      return translator;
    })
    .catch(() => ENGLISH_TRANSLATOR)
    .finally(() => pending.delete(key));
  pending.set(key, loading);
  return loading;
}
