/**
 * A cross-origin request refused by CORS (the host page's origin is in no embedding's allowed_domains)
 * fails in the browser exactly like a request to a server that is down. A `no-cors` request tells them
 * apart without the server's help: it resolves (opaque) whenever the server answers at all, and rejects
 * only when nothing answers.
 *
 * @example
 * const code = await probeNetworkFailure('https://bi.example.com'); // 'ORIGIN_NOT_ALLOWED' or 'NETWORK'
 */
export async function probeNetworkFailure(apiUrl: string, timeoutMs = 5_000): Promise<'ORIGIN_NOT_ALLOWED' | 'NETWORK'> {
  let base: URL;
  try {
    base = new URL(apiUrl || '/', globalThis.location?.href);
  } catch {
    return 'NETWORK';
  }
  // A same-origin request is never refused by CORS.
  if (globalThis.location && base.origin === globalThis.location.origin) return 'NETWORK';
  try {
    await fetch(new URL('/health', base.origin), { mode: 'no-cors', cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) });
    return 'ORIGIN_NOT_ALLOWED';
  } catch {
    return 'NETWORK';
  }
}
