/**
 * The message-format runtime, used only by the locale chunks (compiled/locale-*.ts re-export it): messages
 * arrive compiled to the ICU AST at extraction, so bundles alias the ICU parser to its no-parser build
 * (rollup.config.mjs) and a non-English page downloads this shared chunk once, English pages never.
 */
import IntlMessageFormat from 'intl-messageformat';
import type { MessageValues } from './format-english';

/** One message compiled to the ICU AST (@formatjs/icu-messageformat-parser's output). */
export type CompiledMessage = Exclude<ConstructorParameters<typeof IntlMessageFormat>[0], string>;

/** A locale's messages by English source text. */
export type CompiledCatalogue = Readonly<Record<string, CompiledMessage>>;

/** Formats a compiled message with its values; throws when a value the message needs is missing. */
export type MessageFormatter = (message: CompiledMessage, values?: MessageValues) => string;

/**
 * A formatter for one locale (its plural rules, number formats), keeping each message's IntlMessageFormat
 * so a message rendered again is not rebuilt.
 *
 * @example
 * createMessageFormatter('ru')(catalogue['{count} charts'], { count: 3 }); // '3 диаграммы'
 */
export function createMessageFormatter(locale: string): MessageFormatter {
  const built = new WeakMap<CompiledMessage, IntlMessageFormat>();
  return (message, values) => {
    let format = built.get(message);
    if (!format) {
      format = new IntlMessageFormat(message, locale);
      built.set(message, format);
    }
    return String(format.format(values));
  };
}
