import type { EmbedStatus } from '@lumen-bi/core';
import { EmbedError, type EmbedErrorCode } from './embed-error';

/** Time the guest page has to accept the handshake before the server counts as unreachable, ms. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 15_000;

export interface EmbedVerdict {
  /** Resolves when the guest reports `ready`; rejects with the first failure before that. */
  readonly settled: Promise<void>;
  /** Whether the guest page never answered (the iframe shows the browser's error page, not Lumen's panel). */
  readonly guestNeverRan: boolean;
  /**
   * Starts the connect timeout; called on the iframe's load, so the time the page's scripts take to
   * download on a slow network is not counted against it.
   */
  armConnectTimeout(): void;
  /** A status the guest emitted. */
  onStatus(status: EmbedStatus): void;
  /** A failure seen on the host's side (token fetch); rejects `settled` if it is still pending. */
  fail(error: EmbedError): void;
  stop(): void;
}

/**
 * Waits for the guest page's verdict. A server that is down never runs the guest page (the browser shows
 * its own error page in the iframe, and still fires `load`), so only the absence of the guest's
 * `connected` within `connectTimeoutMs` of the iframe's load reveals it. Failures after `ready` go to `onLateFailure`.
 *
 * @example
 * const verdict = watchEmbedVerdict({ domain, connectTimeoutMs: 15_000, onLateFailure: reportError });
 * channelHandlers.embedStatus = (status) => verdict.onStatus(status);
 * await verdict.settled;
 */
export function watchEmbedVerdict(options: {
  domain: string;
  /** The embedded dashboard's uuid, to tell an unknown uuid from a refused origin. */
  embeddedUuid?: string;
  connectTimeoutMs?: number;
  onLateFailure: (error: EmbedError) => void;
}): EmbedVerdict {
  let settle!: () => void;
  let reject!: (error: EmbedError) => void;
  let pending = true;
  const settled = new Promise<void>((resolve, fail) => {
    settle = resolve;
    reject = fail;
  });
  // The caller may unmount before awaiting; that must not surface as an unhandled rejection.
  settled.catch(() => undefined);
  const timeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const fail = (error: EmbedError) => {
    if (!pending) return options.onLateFailure(error);
    pending = false;
    clearTimeout(timer);
    reject(error);
  };
  let connected = false;
  // No answer from the page: the server is down, the uuid is unknown, or the page refused to be framed here.
  const onTimeout = async () => {
    // Loaded only when a page never answered: it stays out of embedDashboard's first load (5 KB budget).
    const error = await import('./probe-server').then(
      ({ diagnoseUnstartedEmbed }) => diagnoseUnstartedEmbed(options.domain, options.embeddedUuid, timeoutMs),
      () => new EmbedError('NETWORK', `The Lumen page at ${options.domain} did not answer within ${timeoutMs} ms`),
    );
    if (!connected) fail(error);
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    settled,
    get guestNeverRan() {
      return !connected;
    },
    onStatus(status) {
      connected = true;
      if (status.state === 'connected') return clearTimeout(timer);
      if (status.state === 'failed') return fail(new EmbedError(status.code as EmbedErrorCode, status.message));
      if (!pending) return;
      pending = false;
      clearTimeout(timer);
      settle();
    },
    fail,
    armConnectTimeout() {
      if (timer === undefined && pending && !connected && timeoutMs > 0) timer = setTimeout(() => void onTimeout(), timeoutMs);
    },
    stop() {
      clearTimeout(timer);
      if (pending) {
        pending = false;
        reject(new EmbedError('UNMOUNTED', 'The embedded view was unmounted before it loaded'));
      }
    },
  };
}
