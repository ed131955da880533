/**
 * The 14 languages of spec 1 §9 as the user menu offers them: each by its own name (Intl.DisplayNames in
 * that language: "Deutsch", "日本語", "português (Brasil)"), so a reader finds their language whatever the
 * page is in now, and each with the spec's spelling the server stores (`pt_BR`).
 */
import { LOCALE_TAGS, type Locale } from '@lumen-bi/core';

export interface LanguageChoice {
  /** As spec 1 §9 and /api/v1/me/preferences/ spell it: `pt_BR`. */
  locale: string;
  /** The BCP 47 tag, for the `lang` attribute of its own name. */
  tag: Locale;
  /** Its name in itself. */
  name: string;
}

/**
 * A language's name in that language; the tag itself where the browser has no display names.
 *
 * @example
 * ownName('pt-BR'); // 'português (Brasil)'
 * ownName('ja'); // '日本語'
 */
export function ownName(tag: Locale): string {
  try {
    return new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** The choices in the spec's order, built once on first use (the names do not change at run time). */
let choices: readonly LanguageChoice[] | null = null;

/**
 * The user menu's languages, in spec 1 §9's order.
 *
 * @example
 * languageChoices()[8]; // { locale: 'pt_BR', tag: 'pt-BR', name: 'português (Brasil)' }
 */
export function languageChoices(): readonly LanguageChoice[] {
  choices ??= LOCALE_TAGS.map((tag) => ({ locale: tag.replace('-', '_'), tag, name: ownName(tag) }));
  return choices;
}
