/**
 * The error panel, loaded when an error is first shown: the panels, their registry and the suggestion
 * distance (fastest-levenshtein) are a few KB that a chart which renders fine never needs, and <bi-chart>
 * counts every KB of its first load (DESIGN.md "Performance budget").
 */
import { useEffect, useState } from 'react';
import { deferredComponent } from './deferred-component';
import type { ErrorLike } from './describe-error';
import type { ErrorPanelProps } from './error-panel';

/** What the error says of itself, before the catalogue (describe-error.ts) has arrived. */
const ownMessage = (error: ErrorLike): string => (typeof error === 'string' ? error : error.message || String(error));

/**
 * The error's message, announced as an alert: shown while the panel's code downloads, and for good if that
 * download fails, so an error is never blank. The error's own message at once, then the catalogue's wording
 * (describeError): the catalogue and the error type table are a lazy chunk too (1.4 KB min+gzip that
 * <bi-chart>'s first load no longer carries; DESIGN.md "Performance budget").
 *
 * @example
 * <ErrorMessageText error={new Error('Connection refused')} />
 */
export function ErrorMessageText({ error }: { error: ErrorLike }) {
  const [described, setDescribed] = useState<{ error: ErrorLike; message: string } | null>(null);
  useEffect(() => {
    let live = true;
    void import('./describe-error').then(
      ({ describeError }) => live && setDescribed({ error, message: describeError(error).message }),
      // Offline: the error's own message stays.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [error]);
  return (
    <div className="bi-error-panel" role="alert">
      <p className="bi-error-panel__message">{described?.error === error ? described.message : ownMessage(error)}</p>
    </div>
  );
}

/**
 * ErrorPanel behind a dynamic import, with the plain message until it arrives.
 *
 * @example
 * {failed && <LazyErrorPanel error={state.error} />}
 */
export const LazyErrorPanel = /* @__PURE__ */ deferredComponent<ErrorPanelProps>(
  () => import('./error-panel').then((module) => module.ErrorPanel),
  ErrorMessageText,
);
