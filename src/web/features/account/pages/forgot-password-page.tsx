/** /forgot-password: ask for a reset link by email, or, where the server cannot mail, whom to ask instead. */
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Logo } from '../../../components/layout/logo';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { Loading } from '../../../components/ui/loading';
import { errorMessage } from '../../../lib/api-client';
import { useRequestReset, useResetAvailability } from '../api/password-reset';
import { usePreload } from '../../../lib/preload';

/** The form's schemas (zod) load after the page paints, for the submit (ADR 024). */
const loadSchemas = () => import('@shared/schemas/auth');

export function ForgotPasswordPage() {
  usePreload(loadSchemas);
  const available = useResetAvailability();
  const request = useRequestReset();
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = new FormData(e.currentTarget).get('email');
    const { EmailSchema } = await loadSchemas();
    const parsed = EmailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    setError(null);
    try {
      setAnswer((await request.mutateAsync(parsed.data)).message);
    } catch (err) {
      setError(errorMessage(err, 'Could not send the link. Please try again.'));
    }
  }

  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-10">
      <Link href="/" className="mx-auto mb-8" aria-label="CrowdMix home">
        <Logo />
      </Link>
      <Card>
        <CardHeader>
          <CardTitle>
            <span className="text-2xl">Forgot your password?</span>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {available.isLoading ? (
            <Loading />
          ) : !available.data?.email ? (
            <p className="text-sm" data-testid="reset-by-operator">
              This CrowdMix does not send email. Ask its operator for a reset link: they can make one for your address
              with <code className="rounded bg-surface-2 px-1">npm run admin -- reset-link</code>.
            </p>
          ) : answer ? (
            <p role="status" className="text-sm">
              {answer}
            </p>
          ) : (
            <form noValidate onSubmit={(e) => void handleSubmit(e)} className="flex flex-col gap-4">
              <p className="text-sm text-muted">
                Enter your account's email and we will send you a link to choose a new password.
              </p>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="reset-email">Email</Label>
                <Input
                  id="reset-email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  maxLength={254}
                  aria-invalid={Boolean(error)}
                />
              </div>
              <FieldError>{error}</FieldError>
              <Button type="submit" disabled={request.isPending} size="lg">
                {request.isPending ? 'Please wait...' : 'Send me a link'}
              </Button>
            </form>
          )}
          <p className="mt-5 text-center text-sm">
            <Link href="/login" className="font-medium text-pink-300 underline-offset-4 hover:underline">
              Back to sign in
            </Link>
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
