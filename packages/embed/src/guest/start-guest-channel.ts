import {
  decodeUiConfig,
  type EmbedStatus,
  type GuestChannel,
  type HostChannel,
  isEmbedHandshake,
  type ObservedDataMask,
  Switchboard,
  type SwitchboardHandlers,
} from '@lumen-bi/core';
import { takeBufferedHandshakes } from './handshake-buffer';

/** Methods the guest page answers; the guest token is delivered through `onGuestToken` instead. */
export type GuestMethods = Partial<Omit<SwitchboardHandlers<GuestChannel>, 'guestToken'>>;

export interface GuestChannelOptions {
  /**
   * Host origins allowed to embed (GET /api/v1/embedded_dashboard/{uuid} -> allowed_domains). When non-empty,
   * a handshake from any other origin is ignored; an empty list accepts any origin (the incumbent's rule).
   */
  allowedDomains: readonly string[];
  /** The first token and every refresh. */
  onGuestToken: (token: string) => void;
  methods?: GuestMethods;
  /** Emit data masks to the host; default: the emitDataMasks bit of the page's `uiConfig` parameter. */
  emitDataMasks?: boolean;
  /** Called when a handshake is refused, with the offending origin (for the page's diagnostics). */
  onRejectedOrigin?: (origin: string) => void;
  debug?: boolean;
  /** The page's window (tests pass their own). */
  window?: Window;
}

export interface GuestChannelHandle {
  /** Sends observeDataMask to the host when enabled and connected; returns whether it was sent. */
  emitDataMask(dataMask: ObservedDataMask): boolean;
  /** Asks the host for a host-page URL of a permalink key (null when the host has no resolver). */
  resolvePermalinkUrl(key: string): Promise<string | null>;
  /** Tells the host (now, and after any later handshake) whether the content is ready or why it failed. */
  reportStatus(status: EmbedStatus): void;
  /** Whether a host has completed the handshake. */
  readonly connected: boolean;
  stop(): void;
}

function normalizeOrigins(domains: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const domain of domains) {
    try {
      out.add(new URL(domain).origin);
    } catch {
      // An unparsable entry matches nothing.
    }
  }
  return out;
}

/**
 * Answers a refused handshake on its own port, which reaches only the page that sent it: that page learns
 * it is not allowed (and nothing else: no allowed domains, no data), instead of waiting forever.
 */
function refuseOnPort(event: MessageEvent, debug?: boolean): void {
  const port = event.ports?.[0];
  if (!port) return;
  const refusal = new Switchboard<GuestChannel, HostChannel>({ port, name: 'lumen-guest-refusal', debug });
  refusal.start();
  refusal.emit('embedStatus', { state: 'failed', code: 'ORIGIN_NOT_ALLOWED', message: `${event.origin} is not an allowed domain of this embedding` });
  // Closed later, not at once: a port closed right after posting may drop what it posted.
  setTimeout(() => refusal.close(), 5_000);
}

/**
 * The guest page's end of the embed channel (the /embedded/{uuid} page). Waits for the host's
 * port-transfer handshake, checks its origin against the allowed domains, and serves `methods` on the
 * transferred port. A later handshake (the host re-connecting after an in-iframe navigation) replaces the
 * earlier channel.
 *
 * @example
 * const { result } = await api.get(`/api/v1/embedded_dashboard/${uuid}`);
 * const channel = startGuestChannel({
 *   allowedDomains: result.allowed_domains,
 *   onGuestToken: (token) => client.setGuestToken(token),
 *   methods: { getScrollSize: () => ({ width: document.body.scrollWidth, height: document.body.scrollHeight }) },
 * });
 * store.subscribe(() => channel.emitDataMask(store.dataMask));
 */
export function startGuestChannel(options: GuestChannelOptions): GuestChannelHandle {
  const win = options.window ?? window;
  const allowed = normalizeOrigins(options.allowedDomains);
  const emitDataMasks = options.emitDataMasks ?? decodeUiConfig(new URLSearchParams(win.location.search).get('uiConfig')).emitDataMasks;
  let board: Switchboard<GuestChannel, HostChannel> | null = null;
  let lastStatus: EmbedStatus | null = null;
  let stopped = false;
  const log = (...args: unknown[]) => {
    if (options.debug) console.debug('[lumen-guest]', ...args);
  };

  const listener = (event: MessageEvent) => {
    if (stopped || !isEmbedHandshake(event.data)) return;
    if (allowed.size > 0 && !allowed.has(event.origin)) {
      log(`handshake from ${event.origin} refused: not an allowed domain`);
      options.onRejectedOrigin?.(event.origin);
      refuseOnPort(event, options.debug);
      return;
    }
    const port = event.ports?.[0];
    if (!port) {
      log('handshake without a port ignored');
      return;
    }
    board?.close();
    const next = new Switchboard<GuestChannel, HostChannel>({ port, name: 'lumen-guest', debug: options.debug });
    for (const [name, handler] of Object.entries(options.methods ?? {})) {
      if (handler && name !== 'guestToken') next.defineMethod(name as keyof SwitchboardHandlers<GuestChannel> & string, handler as never);
    }
    next.defineMethod('guestToken', (args) => {
      if (args && typeof args.guestToken === 'string' && args.guestToken) options.onGuestToken(args.guestToken);
    });
    next.start();
    board = next;
    next.emit('embedStatus', { state: 'connected' });
    if (lastStatus) next.emit('embedStatus', lastStatus);
    log(`connected to ${event.origin}`);
  };
  win.addEventListener('message', listener);
  // Handshakes that arrived before the page could start the channel (captureEmbedHandshakes), in order.
  for (const event of takeBufferedHandshakes(win)) listener(event);

  return {
    emitDataMask(dataMask) {
      if (!emitDataMasks || !board) return false;
      board.emit('observeDataMask', dataMask);
      return true;
    },
    async resolvePermalinkUrl(key) {
      if (!board) return null;
      try {
        return await board.get('resolvePermalinkUrl', { key }, { timeoutMs: 5_000 });
      } catch {
        return null;
      }
    },
    reportStatus(status) {
      lastStatus = status;
      board?.emit('embedStatus', status);
    },
    get connected() {
      return board !== null;
    },
    stop() {
      stopped = true;
      win.removeEventListener('message', listener);
      board?.close();
      board = null;
    },
  };
}
