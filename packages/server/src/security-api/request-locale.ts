/**
 * The effective locale of a request (i18n/effective-locale.ts) with the signed-in user's stored choice read
 * from their preferences. Guests (embedding) and anonymous callers have no account, hence no stored choice.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { effectiveLocale } from '../i18n/effective-locale';
import type { SpecLocale } from '../i18n/spec-locales';
import type { AnyDb } from '../resources/definition';
import { readPreferences } from './preferences';

/**
 * The locale to answer `request` in, in the spec's spelling.
 *
 * @example
 * await requestLocale(app.lumen, request); // 'pt_BR' for a user who chose it, or whose browser asks for it
 */
export async function requestLocale(ctx: AppContext, request: FastifyRequest): Promise<SpecLocale> {
  const user = request.user;
  const account = user && !user.guest && user.id !== null ? user.id : null;
  const chosen = account === null ? null : (await readPreferences(ctx.store.db as unknown as AnyDb, account)).locale;
  return effectiveLocale({ chosen, configured: ctx.config.defaultLocale, acceptLanguage: request.headers['accept-language'] });
}
