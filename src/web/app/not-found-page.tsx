/** The 404 page (spec section 2): the path that was not found and two ways out (no user agent: issue 15). */
import { Link } from 'wouter';
import { Button } from '../components/ui/button';

export function NotFoundPage() {
  const path = `${window.location.pathname}${window.location.search}`;
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center px-4 text-center"
    >
      <p className="text-7xl font-extrabold text-accent tabular-nums">404</p>
      <h1 className="mt-4 text-2xl font-semibold">This page could not be found</h1>
      <p className="mt-2 max-w-full text-sm text-muted">
        Nothing lives at{' '}
        <code className="rounded bg-surface-2 px-1.5 py-0.5 break-all text-foreground" data-testid="not-found-url">
          {path}
        </code>
        . It may have moved, or the link may be mistyped.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href="/">Go Home</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link href="/venues">Browse Venues</Link>
        </Button>
      </div>
    </main>
  );
}
