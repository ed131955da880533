import { EmbedError } from './embed-error';

/**
 * Whether the Lumen server answers at all, asked with a `no-cors` request: it resolves (opaquely) for any
 * answer and rejects only when nothing answers, without needing CORS from the server.
 */
async function serverAnswers(origin: string, timeoutMs: number): Promise<boolean> {
  try {
    await fetch(`${origin}/health`, { mode: 'no-cors', cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) });
    return true;
  } catch {
    return false;
  }
}

/** The embedding's public record (readable cross-origin), or the HTTP status it was refused with. */
async function embeddingRecord(origin: string, uuid: string, timeoutMs: number): Promise<{ allowed_domains?: string[] } | number | null> {
  try {
    const response = await fetch(`${origin}/api/v1/embedded_dashboard/${encodeURIComponent(uuid)}`, { cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return response.status;
    return ((await response.json()) as { result?: { allowed_domains?: string[] } }).result ?? {};
  } catch {
    return null;
  }
}

/**
 * Why the Lumen page never started in the iframe. The host cannot look into the frame (the browser's error
 * page for a refused connection or a refused frame-ancestors is opaque), so it asks the server instead:
 * no answer at all is NETWORK; an unknown embedded uuid is NOT_FOUND; otherwise the page refused to be
 * framed here, ORIGIN_NOT_ALLOWED.
 *
 * @example
 * const error = await diagnoseUnstartedEmbed('https://bi.example.com', '5b0c…', 15_000);
 */
export async function diagnoseUnstartedEmbed(origin: string, embeddedUuid: string | undefined, waitedMs: number, timeoutMs = 5_000): Promise<EmbedError> {
  if (!(await serverAnswers(origin, timeoutMs))) {
    return new EmbedError('NETWORK', `The Lumen server at ${origin} cannot be reached (no answer within ${waitedMs} ms)`);
  }
  const record = embeddedUuid ? await embeddingRecord(origin, embeddedUuid, timeoutMs) : null;
  if (record === 404) return new EmbedError('NOT_FOUND', `No embedded dashboard ${embeddedUuid} on ${origin} (wrong uuid, or embedding was disabled)`);
  const here = globalThis.location?.origin ?? '';
  return new EmbedError(
    'ORIGIN_NOT_ALLOWED',
    `The Lumen page did not start in the iframe within ${waitedMs} ms: this page's origin (${here}) is not an allowed domain of the embedding`,
  );
}
