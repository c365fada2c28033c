import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorFallback } from './error-fallback';

interface BoundaryProps {
  children: ReactNode;
  fallback: ReactNode;
  /** The path shown when the error happened; the fallback stays until the path changes (e.g. "Go to Home Page"). */
  pathname: string;
}

interface BoundaryState {
  error: unknown;
  failedAt: string | null;
}

class PathErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === null) return null;
    if (state.failedAt === null) return { failedAt: props.pathname };
    return state.failedAt === props.pathname ? null : { error: null, failedAt: null };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error === null ? this.props.children : this.props.fallback;
  }
}

/**
 * Catches rendering errors of the wrapped area and shows the fallback screen in its place (or the
 * given fallback, e.g. nothing for an optional part of a page).
 */
export function ErrorBoundary({ children, fallback = <ErrorFallback /> }: { children: ReactNode; fallback?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <PathErrorBoundary pathname={pathname} fallback={fallback}>
      {children}
    </PathErrorBoundary>
  );
}
