import { describeError, type ErrorLike } from './describe-error';
import type { ErrorMessageRegistry } from './error-message-registry';
import { ERROR_PANEL_CSS } from './error-panel-styles';
import { createDefaultErrorMessageRegistry, UnexpectedErrorMessage } from './error-messages';

export { DEFAULT_ERROR_TITLE, describeError, type ErrorLike } from './describe-error';

export interface ErrorPanelProps {
  error: ErrorLike;
  title?: string;
  /** Offered when the error is an access error and the product can route a request. */
  requestAccessHref?: string;
  /** Panels per error_type; defaults to one panel for every error type of spec 2 §8. */
  registry?: ErrorMessageRegistry;
}

const DEFAULT_REGISTRY = createDefaultErrorMessageRegistry();

/**
 * A structured error, rendered by the registry's panel for its error_type (database engine, missing
 * dataset, network, SQL parse, parameter, timeout, OAuth2, import, access); anything else gets the
 * 'Unexpected error' panel with its stack trace.
 *
 * @example
 * <ErrorPanel error={clientError} />
 */
export function ErrorPanel({ error, title, requestAccessHref, registry = DEFAULT_REGISTRY }: ErrorPanelProps) {
  const { message, errorType, extra, stack, level, detail } = describeError(error);
  const Panel = registry.get(errorType) ?? UnexpectedErrorMessage;
  // The panel brings its own rules: a view that shows nothing but a chart (<bi-chart>) then needs none of
  // them in its first load. Views that include COMPONENTS_CSS get the same rules twice, which is harmless.
  return (
    <>
      <style>{ERROR_PANEL_CSS}</style>
      <Panel error={{ message, error_type: errorType, extra: extra ?? null, stack, level, detail }} title={title} requestAccessHref={requestAccessHref} />
    </>
  );
}
