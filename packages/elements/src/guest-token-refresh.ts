/**
 * The guest-token refresh loop, in a module of its own so that useElementApi can import it on demand: only
 * an element given `fetchGuestToken` runs it. A dynamic import of '@lumen-bi/embed' itself would make the
 * whole embed SDK (its <bi-embed> element, lit) one lazy chunk; this named import keeps just the loop.
 */
export { shareGuestTokenRefresh } from '@lumen-bi/embed';
