/**
 * /join/{code} (the TV's QR code): joins the venue with the code and opens its live screen. Signed out: sign in
 * first and come back here. A code that expired or never existed says so and offers to type the current one.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { LogIn } from 'lucide-react';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Loading } from '../../../components/ui/loading';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../auth';
import { useJoinLive } from '../api/patron';
import { CodeEntry } from '../components/code-entry';
import { signInHref } from '../lib/sign-in';

export function JoinPage() {
  const params = useParams<{ code: string }>();
  const code = (params.code ?? '').slice(0, 20);
  const [, navigate] = useLocation();
  const { isAuthenticated, isLoading } = useAuth();
  const join = useJoinLive();
  const tried = useRef(false);
  const [error, setError] = useState<{ text: string; signIn: boolean } | null>(null);
  const open = (venueId: number) => navigate(`/venue/${venueId}/live`, { replace: true });

  useEffect(() => {
    if (isLoading || !isAuthenticated || tried.current) return;
    tried.current = true;
    join.mutate(code, {
      onSuccess: (r) => open(r.venueId),
      onError: (err) =>
        setError({
          text:
            err instanceof ApiError && err.status === 401
              ? 'Sign in to join the venue.'
              : errorMessage(err, 'Could not join. Please try again.'),
          signIn: err instanceof ApiError && err.status === 401,
        }),
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- join once per visit
  }, [isLoading, isAuthenticated, code]);

  if (isLoading || (isAuthenticated && !error)) return <Loading label="Joining the venue..." />;

  const needSignIn = !isAuthenticated || error?.signIn;
  return (
    <Page className="max-w-md px-3">
      <Card className="mt-6">
        <CardHeader>
          <h1 className="text-2xl font-semibold">Join the live queue</h1>
        </CardHeader>
        <CardContent className="space-y-4">
          {needSignIn ? (
            <>
              <p className="text-muted">
                Sign in (or create an account) to request songs and vote. You’ll come straight back here to join.
              </p>
              <Button asChild size="lg" className="w-full">
                <Link href={signInHref(`/join/${encodeURIComponent(code)}`)}>
                  <LogIn aria-hidden /> Sign in to join
                </Link>
              </Button>
            </>
          ) : (
            <>
              <p role="alert" className="rounded-xl bg-red-500/15 px-3 py-2 text-red-200">
                {error?.text}
              </p>
              <CardTitle>Type the code on the screen now</CardTitle>
              <p className="text-sm text-muted">
                Codes change every few minutes; the screen always shows the current one.
              </p>
              <CodeEntry onJoined={open} />
            </>
          )}
        </CardContent>
      </Card>
    </Page>
  );
}
