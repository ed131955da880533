import { errors as joseErrors } from 'jose';

/**
 * Why a guest token was refused, as a code the embedding SDK shows to the host and the viewer. A bare
 * "invalid or expired" left host developers guessing between a clock problem, a wrong secret and a wrong
 * audience setting.
 */
export type GuestTokenFailureCode = 'TOKEN_EXPIRED' | 'TOKEN_INVALID' | 'AUDIENCE_MISMATCH';

export interface GuestTokenFailure {
  code: GuestTokenFailureCode;
  message: string;
  /** For AUDIENCE_MISMATCH: both values, so the fix (GUEST_TOKEN_JWT_AUDIENCE or the host name) is obvious. */
  tokenAudience?: string;
  expectedAudience?: string;
}

/** The token's own `aud`, read without trusting it (only to name it in the message). */
function audienceOf(token: string): string {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { aud?: unknown };
    return Array.isArray(payload.aud) ? payload.aud.join(', ') : String(payload.aud ?? '(none)');
  } catch {
    return '(unreadable)';
  }
}

/**
 * Classifies what jose threw while verifying a guest token.
 *
 * @example
 * guestTokenFailureOf(new joseErrors.JWTExpired('"exp" claim timestamp check failed', {}), token, 'bi.example.com').code; // 'TOKEN_EXPIRED'
 */
export function guestTokenFailureOf(error: unknown, token: string, expectedAudience: string): GuestTokenFailure {
  if (error instanceof joseErrors.JWTExpired) return { code: 'TOKEN_EXPIRED', message: 'Guest token has expired' };
  if (error instanceof joseErrors.JWTClaimValidationFailed && error.claim === 'aud') {
    const tokenAudience = audienceOf(token);
    return {
      code: 'AUDIENCE_MISMATCH',
      message: `Guest token audience mismatch: the token is for "${tokenAudience}", this server expects "${expectedAudience}"`,
      tokenAudience,
      expectedAudience,
    };
  }
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return { code: 'TOKEN_INVALID', message: 'Guest token signature is invalid (forged, or signed with another secret)' };
  return { code: 'TOKEN_INVALID', message: `Guest token is invalid: ${error instanceof Error ? error.message : String(error)}` };
}
