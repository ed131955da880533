import { ClientError, getClientErrorMessage, isStructuredError, type StructuredError } from '@lumen-bi/core';
import { useState } from 'react';

/** Title of an error panel when the caller gives none (spec 3 §8). */
export const DEFAULT_ERROR_TITLE = 'Unexpected error';

/** Anything a view may need to show as an error. */
export type ErrorLike = StructuredError | ClientError | Error | string;

/**
 * Normalises an error into what the panel shows: message, error_type and extra (issue codes, link).
 *
 * @example
 * describeError(new Error('Unknown viz type: x')); // { message: 'Unknown viz type: x', errorType: null, extra: null, stack: '...' }
 */
export function describeError(error: ErrorLike): { message: string; errorType: string | null; extra: StructuredError['extra'] | null; stack: string | null } {
  if (typeof error === 'string') return { message: error, errorType: null, extra: null, stack: null };
  if (error instanceof ClientError) {
    const first = error.errors[0];
    return { message: getClientErrorMessage(error), errorType: first?.error_type ?? null, extra: first?.extra ?? null, stack: null };
  }
  if (isStructuredError(error)) return { message: error.message, errorType: error.error_type, extra: error.extra ?? null, stack: null };
  return { message: (error as Error).message || String(error), errorType: null, extra: null, stack: (error as Error).stack ?? null };
}

export interface ErrorPanelProps {
  error: ErrorLike;
  title?: string;
  /** Offered when the error is an access error and the product can route a request. */
  requestAccessHref?: string;
}

/**
 * A structured error: title ('Unexpected error' by default), message, error type, issue codes, an
 * optional link and, for thrown errors, a collapsible stack trace.
 *
 * @example
 * <ErrorPanel error={clientError} />
 */
export function ErrorPanel({ error, title = DEFAULT_ERROR_TITLE, requestAccessHref }: ErrorPanelProps) {
  const [showStack, setShowStack] = useState(false);
  const { message, errorType, extra, stack } = describeError(error);
  const link = typeof extra?.link === 'string' ? extra.link : null;
  return (
    <div className="bi-error-panel" role="alert">
      <h3 className="bi-error-panel__title">{title}</h3>
      <p className="bi-error-panel__message">{message}</p>
      {errorType && <p className="bi-error-panel__type">{errorType}</p>}
      {extra?.issue_codes?.length ? (
        <ul className="bi-error-panel__issues">
          {extra.issue_codes.map((issue) => (
            <li key={issue.code}>
              Issue {issue.code}: {issue.message}
            </li>
          ))}
        </ul>
      ) : null}
      {link && (
        <a href={link} target="_blank" rel="noreferrer">
          See more
        </a>
      )}
      {requestAccessHref && <a href={requestAccessHref}>Request Access</a>}
      {stack && (
        <>
          <button type="button" className="bi-link-button" onClick={() => setShowStack((s) => !s)}>
            {showStack ? 'Hide stack trace' : 'Show stack trace'}
          </button>
          {showStack && <pre className="bi-error-panel__stack">{stack}</pre>}
        </>
      )}
    </div>
  );
}
