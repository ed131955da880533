/**
 * @lumen-bi/embed/guest: the guest page's side of the embed channel (runs inside the iframe, on the
 * Lumen server's /embedded/ pages).
 */
export type { GuestChannelHandle, GuestChannelOptions, GuestMethods } from './start-guest-channel';
export { startGuestChannel } from './start-guest-channel';
export { captureEmbedHandshakes, takeBufferedHandshakes } from './handshake-buffer';
