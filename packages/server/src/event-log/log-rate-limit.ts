import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ErrorType, LumenError } from '../errors';
import type { CurrentUser } from '../security/current-user';

/**
 * How much one caller may write to the event log: per user, and per guest token for embedded viewers (who
 * have no user row), at most MAX_REQUESTS posts and MAX_BYTES of stored event JSON per minute. The app
 * batches events for a second, so a busy dashboard stays far below; a script posting full batches in a
 * loop (a guest wrote 199 MB in 20 s) is answered 429 within the first few megabytes. In memory per
 * process, like the login throttle: behind N processes the bound is N times as large, still bounded.
 */
export const LOG_WINDOW_MS = 60_000;
export const LOG_MAX_REQUESTS = 120;
export const LOG_MAX_BYTES = 5 * 1024 * 1024;

interface Window {
  start: number;
  requests: number;
  bytes: number;
}

export class EventLogRateLimit {
  private windows = new Map<string, Window>();

  constructor(
    private readonly limits = { windowMs: LOG_WINDOW_MS, maxRequests: LOG_MAX_REQUESTS, maxBytes: LOG_MAX_BYTES },
    private readonly now: () => number = Date.now,
  ) {}

  private current(key: string): Window {
    const time = this.now();
    let window = this.windows.get(key);
    if (!window || time - window.start >= this.limits.windowMs) {
      window = { start: time, requests: 0, bytes: 0 };
      this.windows.set(key, window);
      if (this.windows.size > 10_000) this.prune(time);
    }
    return window;
  }

  private refuse(window: Window, what: string): LumenError {
    const retryAfter = Math.max(1, Math.ceil((window.start + this.limits.windowMs - this.now()) / 1000));
    const perMinute = `${this.limits.maxRequests} requests and ${Math.round(this.limits.maxBytes / 1024 / 1024)} MB of events`;
    return new LumenError(
      429,
      `Too many events logged (${what}): at most ${perMinute} per ${this.limits.windowMs / 1000} s for each user or guest token. Try again in ${retryAfter} s.`,
      ErrorType.GENERIC_BACKEND_ERROR,
      { retry_after: retryAfter },
      'warning',
    );
  }

  /** Counts one request; throws 429 when the caller has used up its requests for this window. */
  admitRequest(key: string): void {
    const window = this.current(key);
    if (window.requests >= this.limits.maxRequests) throw this.refuse(window, 'request limit');
    window.requests += 1;
  }

  /** Counts the bytes a request is about to store; throws 429 (storing nothing) when over the budget. */
  admitBytes(key: string, bytes: number): void {
    const window = this.current(key);
    if (window.bytes + bytes > this.limits.maxBytes) throw this.refuse(window, 'size limit');
    window.bytes += bytes;
  }

  private prune(time: number): void {
    for (const [key, window] of this.windows) if (time - window.start >= this.limits.windowMs) this.windows.delete(key);
  }
}

/**
 * Whom a log post is counted against: the user id, or a digest of the guest token (a guest has no id;
 * the digest keeps the token itself out of memory dumps).
 */
export function logRateKey(request: FastifyRequest, user: CurrentUser, formToken: unknown): string {
  if (!user.guest) return `user:${user.id ?? user.username}`;
  const header = request.headers['x-guesttoken'];
  const token = typeof header === 'string' && header ? header : typeof formToken === 'string' ? formToken : user.username;
  return `guest:${createHash('sha256').update(token).digest('base64url')}`;
}
