/**
 * @lumen-bi/embed: host-side embedding (embedDashboard, <bi-embed>) and the guest-side handshake. Not built
 * yet; the package exports only its version so it builds and can be depended on.
 */
export { VERSION } from './version';
