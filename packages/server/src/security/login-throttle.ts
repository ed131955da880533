/**
 * Slows password guessing: after MAX_FAILURES failed logins for one username from one address within
 * WINDOW_MS, further attempts are refused until the window passes. In memory per process; behind a load
 * balancer each process counts on its own, which still bounds guessing to N × MAX_FAILURES per window.
 */
const MAX_FAILURES = 10;
const WINDOW_MS = 5 * 60 * 1000;

export class LoginThrottle {
  private failures = new Map<string, number[]>();

  isBlocked(key: string, now = Date.now()): boolean {
    return this.recent(key, now).length >= MAX_FAILURES;
  }

  fail(key: string, now = Date.now()): void {
    const list = this.recent(key, now);
    list.push(now);
    this.failures.set(key, list);
    if (this.failures.size > 10_000) this.prune(now);
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((t) => now - t < WINDOW_MS);
  }

  private prune(now: number): void {
    for (const [key, list] of this.failures) if (!list.some((t) => now - t < WINDOW_MS)) this.failures.delete(key);
  }
}

/** The throttle's key: one username from one address (a username alone would let anyone lock others out). */
export const throttleKey = (username: string, ip: string): string => `${username.toLowerCase()}|${ip}`;

const perApp = new WeakMap<object, LoginThrottle>();

/**
 * The app's one throttle, shared by the login forms and the profile's password change: a wrong current
 * password there is a guess like any other, so both count against the same limit.
 */
export function loginThrottleFor(ctx: object): LoginThrottle {
  let throttle = perApp.get(ctx);
  if (!throttle) perApp.set(ctx, (throttle = new LoginThrottle()));
  return throttle;
}
