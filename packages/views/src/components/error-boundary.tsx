import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { ErrorMessageRegistry } from './error-message-registry';
import { ErrorPanel } from './error-panel';

export interface ErrorBoundaryProps {
  children?: ReactNode;
  title?: string;
  registry?: ErrorMessageRegistry;
  /** Told about each caught error (logging). */
  onError?(error: Error, componentStack: string): void;
}

interface ErrorBoundaryState {
  error: Error | null;
  componentStack: string | null;
}

/**
 * Catches render errors below it and shows the 'Unexpected error' panel with the error's message and the
 * React component stack, instead of unmounting the whole page.
 *
 * @example
 * <ErrorBoundary><ChartContainer ... /></ErrorBoundary>
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, componentStack: null };

  static getDerivedStateFromError(error: Error): Partial<ErrorBoundaryState> {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    const componentStack = info.componentStack ?? '';
    this.setState({ componentStack });
    this.props.onError?.(error, componentStack);
  }

  override render() {
    const { error, componentStack } = this.state;
    if (!error) return this.props.children;
    // The component stack says where in the UI it broke; it replaces the JS stack in the panel.
    const shown = Object.assign(new Error(error.message), { stack: componentStack ? `${error.message}${componentStack}` : error.stack });
    return <ErrorPanel error={shown} title={this.props.title} registry={this.props.registry} />;
  }
}
