/**
 * The app's language (issue 21, docs/i18n.md): a signed-in page is drawn in the locale /api/v1/me/ answers
 * (the user's choice, the configured default or Accept-Language); a signed-out page (login) in the best
 * match of the browser's languages. `<html lang>` follows, for screen readers, hyphenation and fonts.
 */
import { bestLocale, loadedTranslator, loadTranslator, toLocale } from '@lumen-bi/core';
import { type MeResult, useTranslation } from '@lumen-bi/views';
import { useEffect, useRef } from 'react';

/**
 * The best of spec 1 §9's locales for this browser's languages, English when none is shipped.
 *
 * @example
 * browserLocale(['pt-BR', 'en-US']); // 'pt-BR'
 */
export function browserLocale(languages: readonly string[] = navigator.languages ?? [navigator.language]): string {
  return bestLocale(languages) ?? 'en';
}

/**
 * `me` once the signed-in user's catalogue is loaded, so the shell's first paint is already in their
 * language rather than English for a moment. A catalogue that fails to load leaves English (never an error).
 */
export async function withCatalogueLoaded(me: MeResult): Promise<MeResult> {
  if (me.status === 'authenticated') await loadTranslator(me.user.locale);
  return me;
}

/**
 * True while the signed-in shell should wait before its first appearance: the user's catalogue is loaded
 * (withCatalogueLoaded) but the LocaleProvider above has not taken it yet (it starts in English and switches
 * in an effect). Never again once the shell has shown, so a later switch keeps the page on screen; and not
 * for a catalogue that failed to load (English is shown then).
 */
export function useAwaitingCatalogue(locale: string | null | undefined): boolean {
  const translator = useTranslation();
  const shown = useRef(false);
  const loaded = locale ? loadedTranslator(locale) : undefined;
  const waiting = !shown.current && loaded !== undefined && translator !== loaded;
  useEffect(() => {
    if (locale && !waiting) shown.current = true;
  }, [locale, waiting]);
  return waiting;
}

/** Keeps `<html lang>` on the page's language (BCP 47: `pt-BR`, not `pt_BR`); null leaves it to the page. */
export function useDocumentLanguage(locale: string | null): void {
  useEffect(() => {
    if (locale) document.documentElement.lang = toLocale(locale);
  }, [locale]);
}
