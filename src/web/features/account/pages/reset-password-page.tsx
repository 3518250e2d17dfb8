/** /reset-password?token=…: choose a new password with a reset link (mailed, or printed by the operator). */
import { useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { Logo } from '../../../components/layout/logo';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { useConfirmReset } from '../api/password-reset';
import { usePreload } from '../../../lib/preload';

/** The form's schemas (zod) load after the page paints, for the submit (ADR 024). */
const loadSchemas = () => import('@shared/schemas/auth');

export function ResetPasswordPage() {
  usePreload(loadSchemas);
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const confirm = useConfirmReset();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const { PasswordSchema } = await loadSchemas();
    const parsed = PasswordSchema.safeParse(data.get('password'));
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    if (data.get('password') !== data.get('again')) return setError('The two passwords differ');
    setError(null);
    try {
      await confirm.mutateAsync({ token, password: parsed.data });
      setDone(true);
    } catch (err) {
      setError(errorMessage(err, 'Could not set the password. Please try again.'));
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
            <span className="text-2xl">Choose a new password</span>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {done ? (
            <div role="status" className="space-y-4 text-sm">
              <p>Your password is changed, and every session of your account has been signed out.</p>
              <Button asChild>
                <Link href="/login">Sign in</Link>
              </Button>
            </div>
          ) : !token ? (
            <p className="text-sm">
              This page needs the link from your reset email.{' '}
              <Link href="/forgot-password" className="text-pink-300 underline">
                Ask for a new one
              </Link>
              .
            </p>
          ) : (
            <form noValidate onSubmit={(e) => void handleSubmit(e)} className="flex flex-col gap-4">
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="reset-password">New password</Label>
                <Input
                  id="reset-password"
                  name="password"
                  type="password"
                  autoComplete="new-password"
                  maxLength={128}
                />
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="reset-again">New password again</Label>
                <Input id="reset-again" name="again" type="password" autoComplete="new-password" maxLength={128} />
              </div>
              <p className="-mt-2 text-xs text-muted">At least 8 characters.</p>
              <FieldError>{error}</FieldError>
              <Button type="submit" size="lg" disabled={confirm.isPending}>
                {confirm.isPending ? 'Please wait...' : 'Set the new password'}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
