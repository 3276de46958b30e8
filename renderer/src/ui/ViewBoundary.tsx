/**
 * Keeps a failing view from blanking the window: a view whose script cannot load (the app was
 * updated under an open page) or that throws while rendering shows what went wrong and a way to
 * reload, while the sidebar and the other views keep working.
 */
import { Component, Suspense, type ReactNode } from 'react';

interface Props {
  /** Names the view in the message ("Settings could not be shown"). */
  name: string;
  children: ReactNode;
}

export class ViewBoundary extends Component<Props, { problem?: string }> {
  override state: { problem?: string } = {};

  static getDerivedStateFromError(error: unknown): { problem: string } {
    return { problem: error instanceof Error ? error.message : String(error) };
  }

  override render() {
    if (this.state.problem === undefined)
      return <Suspense fallback={null}>{this.props.children}</Suspense>;
    return (
      <div className="view-problem" role="alert">
        <h1>{this.props.name} could not be shown</h1>
        <p>{this.state.problem}</p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload Hearth
        </button>
      </div>
    );
  }
}
