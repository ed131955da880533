export interface BootErrorProps {
  message: string;
  onRetry: () => void;
}

/** Shown when the app cannot learn who is signed in because the server failed (not a 401). */
export function BootError({ message, onRetry }: BootErrorProps) {
  return (
    <div className="bi-shell__main" role="alert">
      <h1>Lumen BI could not start</h1>
      <p>{message}</p>
      <button type="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
