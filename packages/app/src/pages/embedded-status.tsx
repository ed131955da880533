/** What an /embedded/ page shows before the host has connected, and when the embedding is unusable. */
export function EmbeddedStatus({ waiting = false, error }: { waiting?: boolean; error?: string }) {
  if (error) {
    return (
      <p className="bi-embedded-status" role="alert" style={{ padding: 16, fontFamily: 'var(--bi-font-family)' }}>
        This content cannot be embedded: {error}
      </p>
    );
  }
  return (
    <p className="bi-embedded-status" aria-busy="true" data-waiting-for-host={waiting || undefined} style={{ padding: 16, fontFamily: 'var(--bi-font-family)', color: 'var(--bi-color-text-muted)' }}>
      Loading…
    </p>
  );
}
