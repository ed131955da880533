import type { LumenConfig } from '../config';
import { type TokenClaims, verifyTokenClaims } from './access-tokens';

/** How many verified access tokens a process remembers (one per active script or client). */
export const VERIFIED_TOKEN_CACHE_SIZE = 1000;

/**
 * Remembers the claims of access tokens whose signature was checked, until they expire: a client sends the
 * same token with every request, and checking its HMAC again (Web Crypto, asynchronous) was a tenth of a list
 * request's cost under load. Only valid tokens are kept, so a forged or expired one is checked, and refused,
 * every time. What a token grants is still decided per request (its credential stamp against the user's).
 */
export class VerifiedTokenCache {
  readonly #claims = new Map<string, TokenClaims>();

  constructor(
    private readonly config: Pick<LumenConfig, 'secretKey'>,
    private readonly size = VERIFIED_TOKEN_CACHE_SIZE,
  ) {}

  /** The claims of a valid, unexpired access token, or null. */
  async verify(token: string, now = Date.now()): Promise<TokenClaims | null> {
    const known = this.#claims.get(token);
    if (known) {
      if (known.exp === undefined || known.exp * 1000 > now) return known;
      // Its signed lifetime is over: refused without another check.
      this.#claims.delete(token);
      return null;
    }
    const claims = await verifyTokenClaims(this.config, token, 'access');
    if (claims) this.#remember(token, claims);
    return claims;
  }

  #remember(token: string, claims: TokenClaims): void {
    this.#claims.set(token, claims);
    // Map order is insertion order: past the size, the oldest token goes first.
    if (this.#claims.size > this.size) this.#claims.delete(this.#claims.keys().next().value as string);
  }
}
