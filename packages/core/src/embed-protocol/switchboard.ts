import {
  isSwitchboardMessage,
  type SwitchboardEmitMessage,
  type SwitchboardGetMessage,
  type SwitchboardMessage,
} from './messages';
import type { ChannelSpec } from './methods';
import { clearTimer, getGlobalLogger, type LoggerLike, setTimer, type TimerHandle } from '../platform';

/** The subset of a DOM `MessagePort` the switchboard uses (core compiles without the DOM library). */
export interface MessagePortLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  start(): void;
  close(): void;
}

export interface SwitchboardOptions {
  port: MessagePortLike;
  /** Appears in message ids and error messages: `[name] Method "x" is not defined`. */
  name?: string;
  /** Default timeout of `get` in ms; 0 waits forever. Default 30000. */
  timeoutMs?: number;
  /** Log every message to `logger` (or console). */
  debug?: boolean;
  /** Where debug output and handler failures go; console by default. */
  logger?: LoggerLike & { debug?(...args: unknown[]): void };
}

/** Handlers a side defines: request handlers return a result, emit handlers return nothing. */
export type SwitchboardHandlers<Local extends ChannelSpec> = {
  [K in keyof Local['gets']]: (args: Local['gets'][K]['args']) => Local['gets'][K]['result'] | Promise<Local['gets'][K]['result']>;
} & {
  [K in keyof Local['emits']]: (args: Local['emits'][K]) => void;
};

type AnyHandler = (args: unknown) => unknown;

interface Pending {
  method: string;
  resolve(result: unknown): void;
  reject(error: Error): void;
  timer: TimerHandle | null;
}

/** Raised by `get` when the other side answers with an error message, times out, or the board stops. */
export class SwitchboardError extends Error {
  override name = 'SwitchboardError';
  constructor(
    message: string,
    readonly method: string,
    readonly reason: 'remote' | 'timeout' | 'closed',
  ) {
    super(message);
  }
}

/**
 * Request/response and fire-and-forget messaging over a MessagePort, wire-compatible with the incumbent's
 * switchboard. `Local` types what this side answers; `Remote` what the other side answers.
 *
 * @example
 * const { port1, port2 } = new MessageChannel();
 * const guest = new Switchboard<GuestChannel, HostChannel>({ port: port1, name: 'guest' });
 * guest.defineMethod('getScrollSize', () => ({ width: 800, height: 600 }));
 * guest.start();
 * const host = new Switchboard<HostChannel, GuestChannel>({ port: port2, name: 'host' });
 * host.start();
 * await host.get('getScrollSize'); // {width: 800, height: 600}
 */
export class Switchboard<Local extends ChannelSpec, Remote extends ChannelSpec> {
  readonly name: string;
  private readonly port: MessagePortLike;
  private readonly timeoutMs: number;
  private readonly debugMode: boolean;
  private readonly logger: LoggerLike & { debug?(...args: unknown[]): void };
  private readonly methods = new Map<string, AnyHandler>();
  private readonly pending = new Map<string, Pending>();
  private counter = 0;
  private started = false;
  private closed = false;
  private readonly listener = (event: { data: unknown }) => this.receive(event.data);

  constructor(options: SwitchboardOptions) {
    this.port = options.port;
    this.name = options.name ?? 'switchboard';
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.debugMode = options.debug ?? false;
    this.logger = options.logger ?? getGlobalLogger();
  }

  /** Registers the handler of a request or emit this side answers; replaces an earlier one. */
  defineMethod<K extends keyof SwitchboardHandlers<Local> & string>(method: K, handler: SwitchboardHandlers<Local>[K]): void {
    this.methods.set(method, handler as AnyHandler);
  }

  /** Removes a handler: later requests for it get the "is not defined" error. */
  removeMethod(method: keyof SwitchboardHandlers<Local> & string): void {
    this.methods.delete(method);
  }

  /** Starts receiving (a MessagePort queues messages until started). Idempotent. */
  start(): void {
    if (this.started || this.closed) return;
    this.started = true;
    this.port.addEventListener('message', this.listener);
    this.port.start();
  }

  /**
   * Calls a method the other side answers. Rejects with a SwitchboardError on an error reply, after the
   * timeout, or when the board is closed.
   */
  get<K extends keyof Remote['gets'] & string>(
    method: K,
    ...rest: undefined extends Remote['gets'][K]['args']
      ? [args?: Remote['gets'][K]['args'], options?: { timeoutMs?: number }]
      : [args: Remote['gets'][K]['args'], options?: { timeoutMs?: number }]
  ): Promise<Remote['gets'][K]['result']> {
    const [args, options] = rest;
    if (this.closed) return Promise.reject(new SwitchboardError(`[${this.name}] Switchboard is closed`, method, 'closed'));
    this.counter += 1;
    const messageId = `m_${this.name}_${this.counter}`;
    const timeoutMs = options?.timeoutMs ?? this.timeoutMs;
    return new Promise((resolve, reject) => {
      const entry: Pending = { method, resolve: resolve as (r: unknown) => void, reject, timer: null };
      if (timeoutMs > 0) {
        entry.timer = setTimer(() => {
          this.pending.delete(messageId);
          reject(new SwitchboardError(`[${this.name}] Method "${method}" timed out after ${timeoutMs} ms`, method, 'timeout'));
        }, timeoutMs);
      }
      this.pending.set(messageId, entry);
      const message: SwitchboardGetMessage = { switchboardAction: 'get', method, messageId, args };
      this.send(message);
    });
  }

  /** Sends a fire-and-forget message the other side handles. */
  emit<K extends keyof Remote['emits'] & string>(method: K, args: Remote['emits'][K]): void {
    if (this.closed) return;
    const message: SwitchboardEmitMessage = { switchboardAction: 'emit', method, args };
    this.send(message);
  }

  /** Stops listening, rejects pending requests and closes the port. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.port.removeEventListener('message', this.listener);
    for (const [id, entry] of this.pending) {
      if (entry.timer !== null) clearTimer(entry.timer);
      entry.reject(new SwitchboardError(`[${this.name}] Switchboard closed before "${entry.method}" answered`, entry.method, 'closed'));
      this.pending.delete(id);
    }
    this.port.close();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  private send(message: SwitchboardMessage): void {
    this.log('send', message);
    this.port.postMessage(message);
  }

  private log(...args: unknown[]): void {
    if (this.debugMode) (this.logger.debug ?? this.logger.warn).call(this.logger, `[${this.name}]`, ...args);
  }

  private receive(data: unknown): void {
    if (!isSwitchboardMessage(data)) {
      this.log('ignored a message that is not a switchboard message', data);
      return;
    }
    this.log('receive', data);
    switch (data.switchboardAction) {
      case 'get':
        void this.answer(data);
        return;
      case 'emit': {
        const handler = this.methods.get(data.method);
        if (!handler) {
          this.log(`no handler for emitted "${data.method}"`);
          return;
        }
        try {
          handler(data.args);
        } catch (error) {
          this.logger.warn(`[${this.name}] handler of "${data.method}" threw`, error);
        }
        return;
      }
      case 'reply':
      case 'error': {
        const entry = this.pending.get(data.messageId);
        if (!entry) return;
        this.pending.delete(data.messageId);
        if (entry.timer !== null) clearTimer(entry.timer);
        if (data.switchboardAction === 'reply') entry.resolve(data.result);
        else entry.reject(new SwitchboardError(data.error, entry.method, 'remote'));
      }
    }
  }

  private async answer(message: SwitchboardGetMessage): Promise<void> {
    const { method, messageId } = message;
    const handler = this.methods.get(method);
    if (!handler) {
      this.send({ switchboardAction: 'error', messageId, error: `[${this.name}] Method "${method}" is not defined` });
      return;
    }
    try {
      const result = await handler(message.args);
      if (!this.closed) this.send({ switchboardAction: 'reply', messageId, result });
    } catch (error) {
      this.log(`method "${method}" threw`, error);
      if (!this.closed) this.send({ switchboardAction: 'error', messageId, error: `[${this.name}] Method "${method}" threw an error` });
    }
  }
}
