/**
 * The translator of a translated locale, in a module of its own: only the on-demand locale loader uses it,
 * so it stays out of an English page's first load (a module both need would be bundled whole in the first).
 */
import { formatEnglish, type MessageValues } from './format-english';
import type { Locale } from './locales';
import type { LocaleModule, Translator } from './translator';

/**
 * A translator over a locale's catalogues, most specific first (pt-BR, then pt). A message missing from all
 * of them, or whose translation cannot be formatted with the given values, shows its English text: a
 * viewer never reads a key or an empty string.
 *
 * @example
 * createTranslator('pt-BR', [ptBrModule, ptModule]).t('Loading…'); // 'Carregando…'
 */
export function createTranslator(locale: Locale, modules: readonly LocaleModule[]): Translator {
  const sources = modules.map((module) => ({ catalogue: module.catalogue, format: module.createMessageFormatter(locale) }));
  return Object.freeze({
    locale,
    t(source: string, values?: MessageValues): string {
      for (const { catalogue, format } of sources) {
        if (!Object.prototype.hasOwnProperty.call(catalogue, source)) continue;
        try {
          return format(catalogue[source], values);
        } catch {
          // A translation that needs a value the caller did not give: the next catalogue, then English.
        }
      }
      return formatEnglish(source, values);
    },
  });
}
