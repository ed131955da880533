import { type EmbedStatus, type GuestChannel, type HostChannel, Switchboard } from '@lumen-bi/core';

/**
 * Test helper: plays the iframe's window. happy-dom does not load iframe pages, so the test gives the
 * iframe a contentWindow that records postMessage calls, fires `load`, and answers on the transferred port
 * with a real Switchboard.
 */
export interface FakeGuest {
  posts: { message: unknown; targetOrigin: string; transfer: Transferable[] }[];
  /**
   * Fires the iframe's load event and returns the guest board started on the transferred port. The guest
   * reports `ready` as the Lumen page does once its token is accepted, unless `status` says otherwise
   * (`null`: report nothing, as a page that never ran).
   */
  load(status?: EmbedStatus | null): Switchboard<GuestChannel, HostChannel>;
}

export function fakeGuest(iframe: HTMLIFrameElement, setup: (board: Switchboard<GuestChannel, HostChannel>) => void = () => undefined): FakeGuest {
  const posts: FakeGuest['posts'] = [];
  const contentWindow = {
    postMessage(message: unknown, targetOrigin: string, transfer: Transferable[] = []) {
      posts.push({ message, targetOrigin, transfer });
    },
  };
  Object.defineProperty(iframe, 'contentWindow', { configurable: true, get: () => contentWindow });
  return {
    posts,
    load(status: EmbedStatus | null = { state: 'ready' }) {
      iframe.dispatchEvent(new Event('load'));
      const port = posts.at(-1)!.transfer[0] as MessagePort;
      const board = new Switchboard<GuestChannel, HostChannel>({ port, name: 'guest' });
      setup(board);
      board.start();
      if (status) {
        board.emit('embedStatus', { state: 'connected' });
        board.emit('embedStatus', status);
      }
      return board;
    },
  };
}

/** An unsigned JWT-shaped token with the given claims (the host only decodes, never verifies). */
export function fakeToken(claims: Record<string, unknown>): string {
  const b64 = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.signature`;
}
