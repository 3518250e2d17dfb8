/**
 * /logout: "Sign out?". A link from another site to /api/logout lands here instead of signing the user out
 * (issue 13, finding 8; ADR 014); the button POSTs /api/auth/logout, which only this site's pages can send.
 */
import { useState } from 'react';
import { Link } from 'wouter';
import { Logo } from '../../../components/layout/logo';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Loading } from '../../../components/ui/loading';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../api/get-current-user';
import { useSignOut } from '../api/sign-out';

export function LogoutPage() {
  const { user, isLoading } = useAuth();
  const signOut = useSignOut();
  const [error, setError] = useState<string | null>(null);

  async function handleSignOut() {
    setError(null);
    try {
      await signOut.mutateAsync();
      // A full page load, as the menu's Sign Out does: nothing of the signed-in session stays in memory.
      window.location.assign('/');
    } catch (err) {
      setError(errorMessage(err, 'Could not sign you out. Please try again.'));
    }
  }

  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-10">
      <Link href="/" className="mx-auto mb-8" aria-label="CrowdMix home">
        <Logo />
      </Link>
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold tracking-tight">
            {user || isLoading ? 'Sign out?' : 'You are signed out'}
          </h1>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {isLoading ? (
            <Loading />
          ) : user ? (
            <>
              <p className="text-sm text-muted">
                You followed a sign-out link from another site. Sign out of CrowdMix
                {user.email ? ` as ${user.email}` : ''}?
              </p>
              {error ? (
                <p role="alert" className="text-sm text-red-300">
                  {error}
                </p>
              ) : null}
              <div className="flex flex-col gap-2 sm:flex-row-reverse">
                <Button size="lg" onClick={() => void handleSignOut()} disabled={signOut.isPending}>
                  {signOut.isPending ? 'Signing out...' : 'Sign out'}
                </Button>
                <Button size="lg" variant="ghost" asChild>
                  <Link href="/">Stay signed in</Link>
                </Button>
              </div>
            </>
          ) : (
            <Button size="lg" asChild>
              <Link href="/">Go Home</Link>
            </Button>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
