import { failureHeadline } from '@lumen-bi/elements';

/**
 * What an /embedded/ page shows before the host has connected, and when the embedding is unusable: the
 * cause by name (data-code, the code the host also receives) and the server's words. A handshake from an
 * origin outside the embedding's allowed domains is named too (data-refused-origin), so the host's
 * developer sees why nothing loads.
 */
export function EmbeddedStatus({ waiting = false, error, code, refusedOrigin }: { waiting?: boolean; error?: string; code?: string; refusedOrigin?: string | null }) {
  if (error || refusedOrigin) {
    const failureCode = error ? (code ?? 'ERROR') : 'ORIGIN_NOT_ALLOWED';
    const detail = error ?? `${refusedOrigin} is not an allowed domain of this embedding`;
    return (
      <p className="bi-embedded-status" role="alert" data-code={failureCode} data-refused-origin={refusedOrigin || undefined} style={{ padding: 16, fontFamily: 'var(--bi-font-family)' }}>
        <strong>{failureHeadline(failureCode)}.</strong> {detail}
      </p>
    );
  }
  return (
    <p
      className="bi-embedded-status"
      aria-busy="true"
      data-waiting-for-host={waiting || undefined}
      style={{ padding: 16, fontFamily: 'var(--bi-font-family)', color: 'var(--bi-color-text-muted)' }}
    >
      Loading…
    </p>
  );
}
