/**
 * A translator: the English source text of a message in one locale. Each locale has its own translator
 * object, so two elements on one page in different locales never share mutable state.
 */
import type { CompiledCatalogue, MessageFormatter } from './format-compiled';
import { formatEnglish, type MessageValues } from './format-english';
import { SOURCE_LOCALE, type Locale } from './locales';

export interface Translator {
  readonly locale: Locale;
  /** The message in this locale; its English source text when the locale has no translation of it. */
  t(source: string, values?: MessageValues): string;
}

/** What a locale chunk (compiled/locale-*.ts) exports. */
export interface LocaleModule {
  readonly catalogue: CompiledCatalogue;
  createMessageFormatter(locale: string): MessageFormatter;
}

/** English: the source text itself, without a catalogue or the message-format runtime. */
export const ENGLISH_TRANSLATOR: Translator = Object.freeze({ locale: SOURCE_LOCALE, t: formatEnglish });

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
