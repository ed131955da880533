import type { ReactNode } from 'react';
import type { ErrorMessageRegistry } from './error-message-registry';
import { ErrorPanel } from './error-panel';
import { RenderErrorBoundary } from './render-error-boundary';

export interface ErrorBoundaryProps {
  children?: ReactNode;
  title?: string;
  registry?: ErrorMessageRegistry;
  /** Told about each caught error (logging). */
  onError?(error: Error, componentStack: string): void;
}

/**
 * Catches render errors below it and shows the 'Unexpected error' panel with the error's message and the
 * React component stack, instead of unmounting the whole page.
 *
 * @example
 * <ErrorBoundary><ResourceList ... /></ErrorBoundary>
 */
export function ErrorBoundary({ children, title, registry, onError }: ErrorBoundaryProps) {
  return (
    <RenderErrorBoundary onError={onError} renderError={(error) => <ErrorPanel error={error} title={title} registry={registry} />}>
      {children}
    </RenderErrorBoundary>
  );
}
