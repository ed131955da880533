/**
 * The error panel, loaded when an error is first shown: the panels, their registry and the suggestion
 * distance (fastest-levenshtein) are a few KB that a chart which renders fine never needs, and <bi-chart>
 * counts every KB of its first load (DESIGN.md "Performance budget").
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { describeError, type ErrorLike } from './describe-error';
import type { ErrorPanelProps } from './error-panel';

/**
 * The error's message, announced as an alert: shown while the panel's code downloads, and for good if that
 * download fails, so an error is never blank.
 *
 * @example
 * <ErrorMessageText error={new Error('Connection refused')} />
 */
export function ErrorMessageText({ error }: { error: ErrorLike }) {
  return (
    <div className="bi-error-panel" role="alert">
      <p className="bi-error-panel__message">{describeError(error).message}</p>
    </div>
  );
}

const loadPanel = (): Promise<{ default: ComponentType<ErrorPanelProps> }> =>
  import('./error-panel').then(
    (module) => ({ default: module.ErrorPanel }),
    // A failed download (offline, a deploy replaced the chunk) still shows the message.
    () => ({ default: ErrorMessageText }),
  );

const Panel = lazy(loadPanel);

/**
 * ErrorPanel behind a dynamic import, with the plain message until it arrives.
 *
 * @example
 * {failed && <LazyErrorPanel error={state.error} />}
 */
export function LazyErrorPanel(props: ErrorPanelProps) {
  return (
    <Suspense fallback={<ErrorMessageText error={props.error} />}>
      <Panel {...props} />
    </Suspense>
  );
}
