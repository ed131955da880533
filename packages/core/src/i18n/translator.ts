/**
 * A translator: the English source text of a message in one locale. Each locale has its own translator
 * object, so two elements on one page in different locales never share mutable state.
 */
import type { CompiledCatalogue, MessageFormatter } from './format-compiled';
import { formatEnglish, type MessageValues } from './format-english';
import type { Locale } from './locales';

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

// 'en' is SOURCE_LOCALE, written out: importing it would put the whole locale table (locales.ts) in the
// first load of every English page, where only the on-demand locale loader needs it.
/** English: the source text itself, without a catalogue or the message-format runtime. */
export const ENGLISH_TRANSLATOR: Translator = Object.freeze({ locale: 'en', t: formatEnglish });
