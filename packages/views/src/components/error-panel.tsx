import { ClientError, getClientErrorMessage, isStructuredError, type ErrorLevel, type StructuredError } from '@lumen-bi/core';
import type { ErrorMessageRegistry } from './error-message-registry';
import { createDefaultErrorMessageRegistry, UnexpectedErrorMessage } from './error-messages';

/** Title of an error panel when the caller gives none (spec 3 §8). */
export const DEFAULT_ERROR_TITLE = 'Unexpected error';

/** Anything a view may need to show as an error. */
export type ErrorLike = StructuredError | ClientError | Error | string;

/**
 * Normalises an error into what the panel shows: message, error_type, extra (issue codes, link), level.
 *
 * @example
 * describeError(new Error('Unknown viz type: x')); // { message: 'Unknown viz type: x', errorType: null, extra: null, stack: '...', level: 'error' }
 */
export function describeError(error: ErrorLike): { message: string; errorType: string | null; extra: StructuredError['extra'] | null; stack: string | null; level: ErrorLevel } {
  if (typeof error === 'string') return { message: error, errorType: null, extra: null, stack: null, level: 'error' };
  if (error instanceof ClientError) {
    const first = error.errors[0];
    return { message: getClientErrorMessage(error), errorType: first?.error_type ?? null, extra: first?.extra ?? null, stack: null, level: first?.level ?? 'error' };
  }
  if (isStructuredError(error)) return { message: error.message, errorType: error.error_type, extra: error.extra ?? null, stack: null, level: error.level ?? 'error' };
  return { message: (error as Error).message || String(error), errorType: null, extra: null, stack: (error as Error).stack ?? null, level: 'error' };
}

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
  const { message, errorType, extra, stack, level } = describeError(error);
  const Panel = registry.get(errorType) ?? UnexpectedErrorMessage;
  return <Panel error={{ message, error_type: errorType, extra: extra ?? null, stack, level }} title={title} requestAccessHref={requestAccessHref} />;
}
