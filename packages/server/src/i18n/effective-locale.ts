/**
 * The language a request is answered in and the app is drawn in: the signed-in user's own choice (user
 * menu, /api/v1/me/preferences/), else the configured default (`LUMEN_DEFAULT_LOCALE`), else the best match
 * of the browser's Accept-Language among the 14 locales, else English.
 */
import { bestLocale } from '@lumen-bi/core';
import { acceptedLanguages } from './accept-language';
import { specSpelling, type SpecLocale } from './spec-locales';

export interface LocaleSources {
  /** The user's stored preference; null for a user who chose none, a guest or an anonymous caller. */
  chosen: SpecLocale | null;
  /** The deployment's default; null when not configured. */
  configured: SpecLocale | null;
  /** The request's Accept-Language header. */
  acceptLanguage: string | undefined;
}

/**
 * The effective locale, in the spec's spelling.
 *
 * @example
 * effectiveLocale({ chosen: null, configured: null, acceptLanguage: 'pt-BR,pt;q=0.9' }); // 'pt_BR'
 * effectiveLocale({ chosen: 'ja', configured: 'de', acceptLanguage: 'fr' }); // 'ja'
 */
export function effectiveLocale({ chosen, configured, acceptLanguage }: LocaleSources): SpecLocale {
  if (chosen) return chosen;
  if (configured) return configured;
  return specSpelling(bestLocale(acceptedLanguages(acceptLanguage)) ?? 'en');
}
