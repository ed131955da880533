import type { BiErrorDetail } from './element-events';

const NAMED = new Set<string>(['TOKEN_EXPIRED', 'TOKEN_INVALID', 'AUDIENCE_MISMATCH', 'NOT_FOUND', 'ORIGIN_NOT_ALLOWED', 'NETWORK']);

/**
 * Whether a failure leaves the element with nothing to show, so its panel replaces "Loading…": a named
 * cause (bad token, unknown id, refused origin, unreachable server), or no token / no dashboard id at all.
 * A chart that fails inside a dashboard is not: the dashboard shows that chart's own error.
 *
 * @example
 * isFatal({ source: 'resolve', code: 'HTTP_500', message: '', error: null }); // true
 */
export function isFatal(detail: Pick<BiErrorDetail, 'source' | 'code'>): boolean {
  if (detail.source === 'guest-token' || detail.source === 'resolve') return true;
  return detail.source !== 'attribute' && detail.source !== 'sqllab' && NAMED.has(detail.code);
}
