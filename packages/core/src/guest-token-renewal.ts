import { clearTimer, setTimer } from './platform';

/** Options of createGuestTokenRenewal. */
export interface GuestTokenRenewalOptions {
  /** The token requests are sent with now. */
  current(): string;
  /** Starts getting a newer token (the element's refresh loop); absent where the host pushes tokens. */
  requestToken?: () => void;
  /** How long a refused request waits for a newer token before its refusal stands. */
  waitMs: number;
}

/** What an API client's `auth.renew` needs, fed by whoever receives the tokens. */
export interface GuestTokenRenewal {
  /** `auth.renew`: the newer token, or null when none came in time. */
  renew(refused: string): Promise<string | null>;
  /** Each token that arrives (null: fetching one failed); settles every waiting request. */
  arrived(token: string | null): void;
}

/**
 * After the server refused a guest token as expired (the page stalled past the scheduled refresh), the
 * refused requests wait for the token that replaces it, all of them for the same one: the token that
 * arrived meanwhile at once, else the next to arrive, within `waitMs`.
 *
 * @example
 * const renewal = createGuestTokenRenewal({ current: () => token, requestToken: () => loop.refreshNow(), waitMs: 30_000 });
 * createApiClient({ baseUrl: '', auth: { kind: 'guest', token: () => token, renew: renewal.renew } });
 * // wherever tokens arrive: token = next; renewal.arrived(next);
 */
export function createGuestTokenRenewal(options: GuestTokenRenewalOptions): GuestTokenRenewal {
  const waiting = new Set<(token: string | null) => void>();
  return {
    renew(refused) {
      const current = options.current();
      if (current && current !== refused) return Promise.resolve(current);
      return new Promise((resolve) => {
        const timer = setTimer(() => settle(null), options.waitMs);
        const settle = (token: string | null) => {
          clearTimer(timer);
          waiting.delete(settle);
          resolve(token);
        };
        waiting.add(settle);
        options.requestToken?.();
      });
    },
    arrived(token) {
      for (const settle of [...waiting]) settle(token);
    },
  };
}
