/**
 * What an /embedded/ page shows before the host has connected, and when the embedding is unusable. A
 * handshake from an origin outside the embedding's allowed domains is named (data-refused-origin), so the
 * host's developer sees why nothing loads.
 */
export function EmbeddedStatus({ waiting = false, error, refusedOrigin }: { waiting?: boolean; error?: string; refusedOrigin?: string | null }) {
  if (error) {
    return (
      <p className="bi-embedded-status" role="alert" style={{ padding: 16, fontFamily: 'var(--bi-font-family)' }}>
        This content cannot be embedded: {error}
      </p>
    );
  }
  return (
    <p
      className="bi-embedded-status"
      aria-busy="true"
      data-waiting-for-host={waiting || undefined}
      data-refused-origin={refusedOrigin || undefined}
      style={{ padding: 16, fontFamily: 'var(--bi-font-family)', color: 'var(--bi-color-text-muted)' }}
    >
      {refusedOrigin ? `Loading… (${refusedOrigin} is not an allowed domain of this embedding)` : 'Loading…'}
    </p>
  );
}
