import { isEmbedHandshake } from '@lumen-bi/core';

/**
 * The host posts its port-transfer handshake once, on the iframe's `load` event. The guest page cannot start
 * its channel that early: it first loads its page chunk and reads the embedding's allowed domains. So the
 * page's entry script calls `captureEmbedHandshakes()` at once, which keeps every handshake message (with
 * its transferred port, whose messages queue until it is started) until `startGuestChannel` takes them and
 * checks their origins like any later handshake.
 */
const BUFFER = Symbol.for('lumen.embedHandshakeBuffer');

interface HandshakeBuffer {
  events: MessageEvent[];
  stop(): void;
}

type BufferedWindow = Window & { [BUFFER]?: HandshakeBuffer };

/**
 * Starts keeping handshake messages for a later startGuestChannel (idempotent).
 *
 * @example
 * // The app's entry, before anything asynchronous:
 * if (location.pathname.startsWith('/embedded/')) captureEmbedHandshakes();
 */
export function captureEmbedHandshakes(win: Window = window): void {
  const target = win as BufferedWindow;
  if (target[BUFFER]) return;
  const events: MessageEvent[] = [];
  const listener = (event: MessageEvent) => {
    if (isEmbedHandshake(event.data)) events.push(event);
  };
  win.addEventListener('message', listener);
  target[BUFFER] = { events, stop: () => win.removeEventListener('message', listener) };
}

/** The handshakes kept so far, oldest first; capturing stops (the channel listens from now on). */
export function takeBufferedHandshakes(win: Window = window): MessageEvent[] {
  const target = win as BufferedWindow;
  const buffer = target[BUFFER];
  if (!buffer) return [];
  buffer.stop();
  delete target[BUFFER];
  return buffer.events;
}
