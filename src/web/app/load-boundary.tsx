/**
 * What the app shows when a part of it fails to render: usually its code could not be fetched (offline before the
 * service worker stored it, or a page left open across a release whose files are gone), sometimes a bug. Without a
 * boundary React unmounts the whole app and the page goes blank (ADR 041). `resetKey`: a new value (the next
 * location) tries the children again.
 */
import { Component, type ReactNode } from 'react';

type Props = { children: ReactNode; fallback: ReactNode; resetKey?: unknown };

export class LoadBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The fallback of a screen: what happened, in words, and a reload (which also fetches the current release). */
export function ScreenFailed() {
  return (
    <main id="main" role="alert" className="mx-auto max-w-md px-4 py-24 text-center">
      <h1 className="text-xl font-semibold">This page could not load</h1>
      <p className="mx-auto mt-2 max-w-xs text-sm text-muted">
        {navigator.onLine ? 'CrowdMix may have been updated since you opened it.' : "You're offline."}
      </p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-4 h-9 rounded-full bg-accent px-4 text-sm font-semibold text-accent-foreground"
      >
        Reload
      </button>
    </main>
  );
}
