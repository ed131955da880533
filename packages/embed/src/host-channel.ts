import {
  EMBED_PROTOCOL_VERSION,
  EMBEDDED_COMMS_TYPE,
  type EmbedHandshakeMessage,
  type GuestChannel,
  type HostChannel,
  PORT_TRANSFER_HANDSHAKE,
  Switchboard,
  type SwitchboardHandlers,
} from '@lumen-bi/core';
import { EmbedError } from './embed-error';

type GuestEmits = GuestChannel['emits'];
type GuestGets = GuestChannel['gets'];

export interface HostChannelOptions {
  /** Exact origin the handshake is addressed to (from the domain option); never '*'. */
  targetOrigin: string;
  debug?: boolean;
  /** Handlers of what the guest asks or emits (resolvePermalinkUrl, observeDataMask). */
  handlers: Partial<SwitchboardHandlers<HostChannel>>;
  /** Default timeout of requests to the guest, ms. */
  requestTimeoutMs?: number;
}

/**
 * The host's end of the embed channel. On every load of the iframe (the first, and any in-iframe
 * navigation) it opens a new MessageChannel, posts the port-transfer handshake to the iframe's window
 * addressed to the exact target origin, and re-sends the "sticky" emits (guest token, theme) so a reloaded
 * guest is never left without its token.
 *
 * @example
 * const channel = new HostChannelConnection(iframe, { targetOrigin: 'https://bi.example.com', handlers: {} });
 * channel.setSticky('guestToken', { guestToken });
 * await channel.ready;
 * const size = await channel.get('getScrollSize');
 */
export class HostChannelConnection {
  /** Resolves when the first handshake has been sent. */
  readonly ready: Promise<void>;
  private board: Switchboard<HostChannel, GuestChannel> | null = null;
  private readonly sticky = new Map<keyof GuestEmits, GuestEmits[keyof GuestEmits]>();
  private markReady!: () => void;
  private failReady!: (error: EmbedError) => void;
  private closed = false;
  private loads = 0;
  private readonly onLoad = () => this.connect();

  constructor(
    private readonly iframe: HTMLIFrameElement,
    private readonly options: HostChannelOptions,
  ) {
    this.ready = new Promise((resolve, reject) => {
      this.markReady = resolve;
      this.failReady = reject;
    });
    // A host that never awaits `ready` must not see an unhandled rejection when it unmounts early.
    this.ready.catch(() => undefined);
    iframe.addEventListener('load', this.onLoad);
  }

  /** Number of handshakes sent (one per iframe load). */
  get connections(): number {
    return this.loads;
  }

  /** Sends now when connected, and again after every later handshake. */
  setSticky<K extends keyof GuestEmits & string>(method: K, args: GuestEmits[K]): void {
    this.sticky.set(method, args);
    this.board?.emit(method, args);
  }

  /** A request to the guest; waits for the first handshake. */
  async get<K extends keyof GuestGets & string>(method: K, args?: GuestGets[K]['args']): Promise<GuestGets[K]['result']> {
    await this.ready;
    if (!this.board) throw new EmbedError('UNMOUNTED', 'The embedded view was unmounted');
    // The switchboard's signature makes args optional per method; here the caller's types already did that.
    const get = this.board.get as (method: string, args?: unknown) => Promise<unknown>;
    return get.call(this.board, method, args) as Promise<GuestGets[K]['result']>;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.iframe.removeEventListener('load', this.onLoad);
    this.board?.close();
    this.board = null;
    this.failReady(new EmbedError('UNMOUNTED', 'The embedded view was unmounted before it loaded'));
  }

  private connect(): void {
    if (this.closed) return;
    const target = this.iframe.contentWindow;
    if (!target) return;
    const { port1, port2 } = new MessageChannel();
    const handshake: EmbedHandshakeMessage = { type: EMBEDDED_COMMS_TYPE, handshake: PORT_TRANSFER_HANDSHAKE, protocolVersion: EMBED_PROTOCOL_VERSION };
    this.board?.close();
    const board = new Switchboard<HostChannel, GuestChannel>({
      port: port1,
      name: 'lumen-embed',
      debug: this.options.debug,
      timeoutMs: this.options.requestTimeoutMs,
    });
    for (const [name, handler] of Object.entries(this.options.handlers)) {
      if (handler) board.defineMethod(name as keyof SwitchboardHandlers<HostChannel> & string, handler as never);
    }
    board.start();
    this.board = board;
    target.postMessage(handshake, this.options.targetOrigin, [port2]);
    this.loads += 1;
    if (this.options.debug) console.debug(`[lumen-embed] handshake ${this.loads} sent to ${this.options.targetOrigin}`);
    for (const [method, args] of this.sticky) board.emit(method, args as never);
    this.markReady();
  }
}
