import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface RenderErrorBoundaryProps {
  children?: ReactNode;
  /**
   * What replaces the children after a render error. The error's stack is the React component stack when
   * there is one: it says where in the UI it broke, which the JS stack of a render does not.
   */
  renderError(error: Error): ReactNode;
  /** Told about each caught error (logging). */
  onError?(error: Error, componentStack: string): void;
}

interface RenderErrorBoundaryState {
  error: Error | null;
  componentStack: string | null;
}

/**
 * Catches render errors below it and renders `renderError` instead of unmounting the whole page. Apart
 * from ErrorBoundary (which always shows the full ErrorPanel) so a host can choose how the error is shown:
 * the chart container loads the panel lazily, keeping it off <bi-chart>'s first load.
 *
 * @example
 * <RenderErrorBoundary renderError={(error) => <LazyErrorPanel error={error} />}><Chart /></RenderErrorBoundary>
 */
export class RenderErrorBoundary extends Component<RenderErrorBoundaryProps, RenderErrorBoundaryState> {
  override state: RenderErrorBoundaryState = { error: null, componentStack: null };

  static getDerivedStateFromError(error: Error): Partial<RenderErrorBoundaryState> {
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
    const shown = Object.assign(new Error(error.message), { stack: componentStack ? `${error.message}${componentStack}` : error.stack });
    return this.props.renderError(shown);
  }
}
