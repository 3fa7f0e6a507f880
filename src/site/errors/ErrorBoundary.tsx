// A React error boundary with the generic fallback, for sections and the app root.
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { logError } from '../../shared/logger';
import { reportException } from '../../features/analytics';
import { colors, space } from '../../ui/theme';

export const GENERIC_FALLBACK_HEADING = 'Something went wrong.';
export const GENERIC_FALLBACK_DEFAULT_MESSAGE = 'An unexpected error occurred';

export function GenericFallback({ error }: { error: unknown }) {
  const message = error instanceof Error && error.message ? error.message : GENERIC_FALLBACK_DEFAULT_MESSAGE;
  return (
    <div role="alert" css={{ padding: space.lg, color: colors.text }}>
      <h2>{GENERIC_FALLBACK_HEADING}</h2>
      <p>{message}</p>
    </div>
  );
}

type Props = {
  children: ReactNode;
  fallback?: (error: unknown) => ReactNode;
  /** The boundary wraps the whole app, so an error it catches leaves nothing usable (analytics `fatal`). */
  fatal?: boolean;
  /** When this changes, the children are rendered again (the layout passes the path: navigating recovers a part). */
  resetKey?: unknown;
};
type State = { error: unknown; failed: boolean };

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    logError('Rendering error', error, { componentStack: info.componentStack ?? undefined });
    reportException(error, this.props.fatal ?? false);
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey)
      this.setState({ error: undefined, failed: false });
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback ? this.props.fallback(this.state.error) : <GenericFallback error={this.state.error} />;
  }
}
