/** Shown to visitors on screens that need an account (spec: 'Authentication Required' with a Log In button). */
import type { ReactNode } from 'react';
import { Lock } from 'lucide-react';
import { useAuth } from '../features/auth';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Loading } from '../components/ui/loading';

export function AuthRequired({ message = 'Please sign in to continue.' }: { message?: string }) {
  return (
    <Card className="mx-auto mt-10 max-w-md p-8 text-center">
      <Lock className="mx-auto size-10 text-pink-300" aria-hidden />
      <h1 className="mt-4 text-2xl font-semibold">Authentication Required</h1>
      <p className="mt-2 text-muted">{message}</p>
      <Button asChild className="mt-6">
        <a href="/api/login">Log In</a>
      </Button>
    </Card>
  );
}

/** Renders children for signed-in users, 'Loading...' while auth loads, otherwise the sign-in wall. */
export function RequireAuth({ children, message }: { children: ReactNode; message?: string }) {
  const { isLoading, isAuthenticated } = useAuth();
  if (isLoading) return <Loading />;
  if (!isAuthenticated) return <AuthRequired message={message} />;
  return <>{children}</>;
}
