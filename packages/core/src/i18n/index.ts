/** Internationalisation (issue 21, docs/i18n.md): translators by locale, lazy catalogues, d3 locale definitions. */
export { LOCALE_TAGS, SOURCE_LOCALE, catalogueChain, toLocale, type Locale } from './locales';
export { bestLocale } from './best-locale';
export { formatEnglish, needsMessageRuntime, type MessageValues } from './format-english';
export { msg } from './message';
export { ENGLISH_TRANSLATOR, type LocaleModule, type Translator } from './translator';
export { createTranslator } from './create-translator';
export { loadTranslator, loadedTranslator } from './load-translator';
export { isSourceLocale } from './source-locale';
export { d3FormatLocaleDefinition } from './d3-format-locale';
export { d3TimeLocaleDefinition } from './d3-time-locale';
export { formattingLocale, type FormattingLocale } from './formatting-locale';
export { localizedStrftime } from '../formatters/localized-strftime';
