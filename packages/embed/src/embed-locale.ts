/**
 * The `locale` option of embedDashboard and embedChart: one of spec 1 §9's locales, accepted in the spellings
 * the elements' `locale` attribute accepts (`pt_BR`, `pt-BR`, `PT_br`). Anything else is an INVALID_OPTIONS
 * failure, as every other bad option: a host that asks for a language Lumen does not ship learns it at once
 * instead of getting English silently.
 */
import { LOCALES } from '@lumen-bi/core';
import { EmbedError } from './embed-error';

/**
 * The spec's spelling of a locale option for the iframe URL; undefined when the option is absent.
 *
 * @example
 * embedLocaleParam('pt-BR'); // 'pt_BR'
 * embedLocaleParam(undefined); // undefined
 * embedLocaleParam('xx'); // throws EmbedError INVALID_OPTIONS
 */
export function embedLocaleParam(locale: unknown): string | undefined {
  if (locale === undefined || locale === null) return undefined;
  const wanted = typeof locale === 'string' ? locale.trim().replace('-', '_').toLowerCase() : '';
  const known = LOCALES.find((tag) => tag.toLowerCase() === wanted);
  if (!known) throw new EmbedError('INVALID_OPTIONS', `locale must be one of ${LOCALES.join(', ')}, got ${JSON.stringify(locale)}`);
  return known;
}
