/** Sign in and create account (local accounts; OpenID Connect, when configured, skips this page). */
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { Logo } from '../../../components/layout/logo';
import { errorMessage } from '../../../lib/api-client';
import { useRegister, useSignIn } from '../api/sign-in';
import { usePreload } from '../../../lib/preload';

/** The form's schemas (zod) load after the page paints, for the submit (ADR 024). */
const loadSchemas = () => import('@shared/schemas/auth');

type Mode = 'signin' | 'register';

type Errors = Partial<Record<'email' | 'password' | 'firstName' | 'lastName' | 'form', string>>;

function firstErrors(issues: { path: PropertyKey[]; message: string }[]): Errors {
  const out: Errors = {};
  for (const i of issues) {
    const k = String(i.path[0]) as keyof Errors;
    out[k] ??= i.message;
  }
  return out;
}

/** Where to go after signing in: `?next=` when it is a same-site path of this app (e.g. a venue's join link), else home. */
export function nextPath(search = typeof window === 'undefined' ? '' : window.location.search): string {
  const next = new URLSearchParams(search).get('next');
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') && !next.startsWith('/api/')
    ? next
    : '/';
}

export function LoginPage() {
  usePreload(loadSchemas);
  const [, navigate] = useLocation();
  // "Get Started" and "Create account" open the registration form (/login?mode=register).
  const [mode, setMode] = useState<Mode>(() =>
    typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('mode') === 'register'
      ? 'register'
      : 'signin',
  );
  const [errors, setErrors] = useState<Errors>({});
  const signIn = useSignIn();
  const register = useRegister();
  const pending = signIn.isPending || register.isPending;
  const oidcFailed =
    typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('error') === 'oidc';

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
    const { LoginSchema, RegisterSchema } = await loadSchemas();
    const parsed =
      mode === 'signin'
        ? LoginSchema.safeParse({ email: data.email, password: data.password })
        : RegisterSchema.safeParse(data);
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      if (mode === 'signin') await signIn.mutateAsync(parsed.data as { email: string; password: string });
      else
        await register.mutateAsync(
          parsed.data as { email: string; password: string; firstName: string; lastName: string },
        );
      navigate(nextPath());
    } catch (err) {
      setErrors({
        form: errorMessage(
          err,
          mode === 'signin' ? 'Sign-in failed. Please try again.' : 'Could not create the account. Please try again.',
        ),
      });
    }
  }

  const field = (name: keyof Errors, label: string, props: React.InputHTMLAttributes<HTMLInputElement>) => (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`login-${name}`}>{label}</Label>
      <Input
        id={`login-${name}`}
        name={name}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={errors[name] ? `login-${name}-error` : undefined}
        {...props}
      />
      <FieldError id={`login-${name}-error`}>{errors[name]}</FieldError>
    </div>
  );

  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-10">
      <Link href="/" className="mx-auto mb-8" aria-label="CrowdMix home">
        <Logo />
      </Link>
      <Card>
        <CardHeader>
          <CardTitle>
            <span className="text-2xl">{mode === 'signin' ? 'Sign in' : 'Create your account'}</span>
          </CardTitle>
          <p className="text-sm text-muted">
            {mode === 'signin' ? 'Welcome back to the mix.' : 'Join the crowd: vote, upload and chat.'}
          </p>
        </CardHeader>
        <CardContent>
          {oidcFailed ? (
            <p role="alert" className="mb-4 rounded-lg bg-red-500/15 p-3 text-sm text-red-200">
              Single sign-on failed. Please try again.
            </p>
          ) : null}
          <form noValidate onSubmit={(e) => void handleSubmit(e)} className="flex flex-col gap-4" key={mode}>
            {mode === 'register' ? (
              <div className="grid grid-cols-2 gap-3">
                {field('firstName', 'First name', { autoComplete: 'given-name', maxLength: 50 })}
                {field('lastName', 'Last name', { autoComplete: 'family-name', maxLength: 50 })}
              </div>
            ) : null}
            {field('email', 'Email', { type: 'email', autoComplete: 'email', maxLength: 254 })}
            {field('password', 'Password', {
              type: 'password',
              autoComplete: mode === 'signin' ? 'current-password' : 'new-password',
              maxLength: 128,
            })}
            {mode === 'register' ? <p className="-mt-2 text-xs text-muted">At least 8 characters.</p> : null}
            {mode === 'signin' ? (
              <p className="-mt-2 text-right text-sm">
                <Link href="/forgot-password" className="text-pink-300 underline-offset-4 hover:underline">
                  Forgot your password?
                </Link>
              </p>
            ) : null}
            <FieldError>{errors.form}</FieldError>
            <Button type="submit" disabled={pending} size="lg">
              {pending ? 'Please wait...' : mode === 'signin' ? 'Sign in' : 'Create account'}
            </Button>
          </form>
          <p className="mt-5 text-center text-sm text-muted">
            {mode === 'signin' ? 'New to CrowdMix?' : 'Already have an account?'}{' '}
            <button
              type="button"
              className="font-medium text-pink-300 underline-offset-4 hover:underline"
              onClick={() => (setErrors({}), setMode(mode === 'signin' ? 'register' : 'signin'))}
            >
              {mode === 'signin' ? 'Create an account' : 'Sign in'}
            </button>
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
