/**
 * The sentence that names each failure code for a viewer (the element's failure panel), in English: the
 * panel translates it into the element's locale.
 */
import { msg } from '@lumen-bi/core';
import type { EmbedFailureCode } from './failure-code';

const HEADLINES: Record<EmbedFailureCode, string> = {
  TOKEN_EXPIRED: msg('The guest token has expired'),
  TOKEN_INVALID: msg('The guest token is invalid'),
  AUDIENCE_MISMATCH: msg('The guest token was issued for another audience'),
  NOT_FOUND: msg('This dashboard or chart does not exist'),
  ORIGIN_NOT_ALLOWED: msg('This page is not allowed to embed this content'),
  NETWORK: msg('The Lumen server cannot be reached'),
};

/**
 * The sentence a viewer reads in the error panel; the detail (e.g. both audiences) follows it.
 *
 * @example
 * failureHeadline('TOKEN_EXPIRED'); // 'The guest token has expired'
 */
export function failureHeadline(code: string): string {
  return (HEADLINES as Record<string, string>)[code] ?? msg('This content cannot be shown');
}
