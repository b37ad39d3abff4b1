/** An error boundary that renders its children again when the page's path changes (./route-error-boundary.tsx). */
import { Component, type ReactNode } from 'react';

interface BoundaryProps {
  /** The page's path: a new one renders the children again. */
  path: string;
  fallback: ReactNode;
  onError?: (error: unknown) => void;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  path: string;
}

export class Boundary extends Component<BoundaryProps, BoundaryState> {
  constructor(props: BoundaryProps) {
    super(props);
    this.state = { failed: false, path: props.path };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.path === state.path ? null : { failed: false, path: props.path };
  }

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    this.props.onError?.(error);
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

