/** The 404 page (spec section 2): the URL, the first 50 characters of the user agent, two ways out. */
import { Link } from 'wouter';
import { Button } from '../components/ui/button';

export function NotFoundPage() {
  const url = window.location.href;
  const agent = navigator.userAgent.slice(0, 50);
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center px-4 text-center"
    >
      <p className="text-8xl font-extrabold text-gradient">404</p>
      <h1 className="mt-4 text-2xl font-semibold">This page could not be found</h1>
      <dl className="mt-6 w-full space-y-2 rounded-xl border border-border bg-surface/70 p-4 text-left text-sm">
        <div>
          <dt className="text-muted">URL</dt>
          <dd className="break-all" data-testid="not-found-url">
            {url}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Browser</dt>
          <dd className="break-all" data-testid="not-found-agent">
            {agent}
          </dd>
        </div>
      </dl>
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
