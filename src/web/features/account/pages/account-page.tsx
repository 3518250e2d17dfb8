/**
 * Account settings (/account): email, password, sessions, notices, blocked people, export and deletion. People who
 * sign in through OpenID Connect see only what applies to them (no password; deletion by typed confirmation).
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Download, LogOut, Monitor, ShieldAlert, Trash2 } from 'lucide-react';
import { DELETE_CONFIRMATION } from '@shared/constants';
import type { Account } from '@shared/schemas/account';
import { AuthRequired } from '../../../app/auth-required';
import { Page } from '../../../components/layout/page';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { Loading } from '../../../components/ui/loading';
import { StateView } from '../../../components/ui/state-view';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { notifyError } from '../../../lib/notify-error';
import { useAuth } from '../../auth';
import { useBlocks, useUnblock } from '../../safety';
import { useMarkNotificationsRead, useNotifications } from '../../safety';
import {
  useChangeEmail,
  useChangePassword,
  useDeleteAccount,
  useEndOtherSessions,
  useEndSession,
} from '../api/account-actions';
import { useAccount } from '../api/get-account';
import { useSessions } from '../api/get-sessions';
import { usePreload } from '../../../lib/preload';
import { formatDay } from '../../../lib/format-date';

/** The forms' schemas (zod) load after the page paints, for the submits (ADR 024). */
const loadSchemas = () => import('@shared/schemas/account');

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const fmt = (iso: string) => when.format(new Date(iso));

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Field({
  id,
  label,
  error,
  ...props
}: { id: string; label: string; error?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} name={id} aria-invalid={Boolean(error)} {...props} />
      <FieldError>{error}</FieldError>
    </div>
  );
}

export function AccountPage() {
  const { user, isLoading } = useAuth();
  const account = useAccount(Boolean(user));
  if (isLoading) return <Loading />;
  if (!user)
    return (
      <Page>
        <AuthRequired message="Please sign in to manage your account." />
      </Page>
    );
  return (
    <Page className="max-w-3xl">
      <h1 className="mb-6 font-display text-3xl font-bold">
        <span className="text-gradient">Account settings</span>
      </h1>
      {account.isError ? (
        <StateView
          kind="error"
          title="Your account could not be loaded"
          error={account.error}
          onRetry={() => void account.refetch()}
        />
      ) : account.isLoading || !account.data ? (
        <Loading />
      ) : (
        <div className="space-y-6">
          <Header account={account.data} />
          <EmailSection account={account.data} />
          {account.data.hasPassword ? <PasswordSection /> : null}
          <SessionsSection />
          <NoticesSection />
          <BlockedSection />
          <ExportSection />
          <DeleteSection account={account.data} />
        </div>
      )}
    </Page>
  );
}

function Header({ account }: { account: Account }) {
  return (
    <div className="flex items-center gap-4">
      <Avatar personId={account.id} first={account.firstName} last={account.lastName} />
      <div className="min-w-0">
        <p className="truncate font-semibold">
          {[account.firstName, account.lastName].filter(Boolean).join(' ') || 'Member'}
        </p>
        <p className="flex flex-wrap gap-2 text-sm text-muted">
          <span>Member since {formatDay(account.createdAt)}</span>
          {account.hasOidc ? <Badge variant="secondary">Signs in with your identity provider</Badge> : null}
          {account.isAdmin ? <Badge>Administrator</Badge> : null}
        </p>
      </div>
    </div>
  );
}

function EmailSection({ account }: { account: Account }) {
  usePreload(loadSchemas);
  const change = useChangeEmail();
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (!account.hasPassword)
    return (
      <Section title="Email" description="Your email comes from your identity provider; change it there.">
        <p className="text-sm">{account.email ?? 'No email address'}</p>
      </Section>
    );
  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const { ChangeEmailSchema } = await loadSchemas();
    const parsed = ChangeEmailSchema.safeParse({ email: data['new-email'], password: data['email-password'] });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setErrors({ [issue.path[0] === 'email' ? 'email' : 'password']: issue.message });
      return;
    }
    setErrors({});
    try {
      await change.mutateAsync(parsed.data);
      form.reset();
      toast({ title: 'Email changed', description: `You now sign in with ${parsed.data.email}.`, variant: 'success' });
    } catch (err) {
      setErrors({ form: errorMessage(err, 'Could not change the email. Please try again.') });
    }
  }
  return (
    <Section title="Email" description={`You sign in with ${account.email ?? 'no email'}.`}>
      <form onSubmit={(e) => void handleSubmit(e)} noValidate className="grid gap-4 sm:grid-cols-2">
        <Field
          id="new-email"
          label="New email"
          type="email"
          autoComplete="email"
          maxLength={254}
          error={errors.email}
        />
        <Field
          id="email-password"
          label="Your password"
          type="password"
          autoComplete="current-password"
          maxLength={128}
          error={errors.password}
        />
        <div className="sm:col-span-2">
          <FieldError>{errors.form}</FieldError>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Saving...' : 'Change email'}
          </Button>
        </div>
      </form>
    </Section>
  );
}

function PasswordSection() {
  usePreload(loadSchemas);
  const change = useChangePassword();
  const [errors, setErrors] = useState<Record<string, string>>({});
  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    if (data['new-password'] !== data['confirm-password']) {
      setErrors({ confirm: 'The two new passwords differ' });
      return;
    }
    const { ChangePasswordSchema } = await loadSchemas();
    const parsed = ChangePasswordSchema.safeParse({
      currentPassword: data['current-password'],
      newPassword: data['new-password'],
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setErrors({ [String(issue.path[0])]: issue.message });
      return;
    }
    setErrors({});
    try {
      const { ended } = await change.mutateAsync(parsed.data);
      form.reset();
      toast({
        title: 'Password changed',
        description: ended ? `Signed out ${ended} other session${ended === 1 ? '' : 's'}.` : undefined,
        variant: 'success',
      });
    } catch (err) {
      setErrors({ form: errorMessage(err, 'Could not change the password. Please try again.') });
    }
  }
  return (
    <Section title="Password" description="Changing it signs you out everywhere else at once.">
      <form onSubmit={(e) => void handleSubmit(e)} noValidate className="grid gap-4 sm:grid-cols-3">
        <Field
          id="current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          maxLength={128}
          error={errors.currentPassword}
        />
        <Field
          id="new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          maxLength={128}
          error={errors.newPassword}
        />
        <Field
          id="confirm-password"
          label="New password again"
          type="password"
          autoComplete="new-password"
          maxLength={128}
          error={errors.confirm}
        />
        <div className="sm:col-span-3">
          <FieldError>{errors.form}</FieldError>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Saving...' : 'Change password'}
          </Button>
        </div>
      </form>
    </Section>
  );
}

function SessionsSection() {
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const list = sessions.data ?? [];
  const fail = (err: unknown) => notifyError(err, 'Error');
  return (
    <Section title="Where you are signed in" description="Each browser you signed in with, and where from.">
      {sessions.isLoading ? (
        <Loading />
      ) : sessions.isError ? (
        <StateView
          kind="error"
          compact
          title="Your sessions could not be loaded"
          error={sessions.error}
          onRetry={() => void sessions.refetch()}
        />
      ) : (
        <ul className="divide-y divide-border/60" aria-label="Sessions">
          {list.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="session">
              <Monitor className="size-5 shrink-0 text-purple-300" aria-hidden />
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium">
                  {s.browser} on {s.os} {s.current ? <Badge variant="success">This device</Badge> : null}
                </p>
                <p className="text-muted">
                  {s.ip ?? 'Unknown address'} · signed in {fmt(s.createdAt)} · last seen {fmt(s.lastSeenAt)}
                </p>
              </div>
              {!s.current ? (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={end.isPending}
                  onClick={() => end.mutate(s.id, { onError: fail })}
                  aria-label={`End the session of ${s.browser} on ${s.os}`}
                >
                  <LogOut aria-hidden /> End
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {list.length > 1 ? (
        <Button
          variant="secondary"
          className="mt-3"
          disabled={endOthers.isPending}
          onClick={() =>
            endOthers.mutate(undefined, {
              onSuccess: ({ ended }) =>
                toast({ title: `Signed out ${ended} other session${ended === 1 ? '' : 's'}`, variant: 'success' }),
              onError: fail,
            })
          }
        >
          Sign out all other sessions
        </Button>
      ) : null}
    </Section>
  );
}

function NoticesSection() {
  const notices = useNotifications();
  const markRead = useMarkNotificationsRead();
  const items = notices.data?.items ?? [];
  return (
    <Section title="Notices" description="What happened to your reports, and moderation that concerns you.">
      {notices.isLoading ? (
        <Loading />
      ) : notices.isError ? (
        <StateView
          kind="error"
          compact
          title="Your notices could not be loaded"
          error={notices.error}
          onRetry={() => void notices.refetch()}
        />
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">No notices yet.</p>
      ) : (
        <>
          <ul className="space-y-2" aria-label="Notices">
            {items.map((n) => (
              <li key={n.id} className="rounded-xl bg-surface-2 px-3 py-2 text-sm" data-testid="notice">
                {!n.read ? <Badge className="mr-2">New</Badge> : null}
                {n.body}
                <span className="mt-1 block text-xs text-muted">{fmt(n.createdAt)}</span>
              </li>
            ))}
          </ul>
          {notices.data?.unread ? (
            <Button variant="ghost" size="sm" className="mt-2" onClick={() => markRead.mutate()}>
              Mark all read
            </Button>
          ) : null}
        </>
      )}
    </Section>
  );
}

function BlockedSection() {
  const blocks = useBlocks();
  const unblock = useUnblock();
  const list = blocks.data ?? [];
  return (
    <Section
      title="Blocked people"
      description="They cannot message you, and do not see when you are online. Their chat messages are folded away."
    >
      {blocks.isLoading ? (
        <Loading />
      ) : blocks.isError ? (
        <StateView
          kind="error"
          compact
          title="Blocked people could not be loaded"
          error={blocks.error}
          onRetry={() => void blocks.refetch()}
        />
      ) : list.length === 0 ? (
        <p className="text-sm text-muted">You have not blocked anyone.</p>
      ) : (
        <ul className="divide-y divide-border/60" aria-label="Blocked people">
          {list.map((b) => {
            const name = [b.user.firstName, b.user.lastName].filter(Boolean).join(' ') || 'Member';
            return (
              <li key={b.user.id} className="flex items-center gap-3 py-2">
                <Avatar
                  personId={b.user.id}
                  first={b.user.firstName}
                  last={b.user.lastName}
                  src={b.user.profileImageUrl}
                />
                <span className="min-w-0 flex-1 truncate text-sm">{name}</span>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => unblock.mutate(b.user.id)}
                  aria-label={`Unblock ${name}`}
                >
                  Unblock
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

function ExportSection() {
  return (
    <Section title="Your data" description="Everything CrowdMix stores about you, as one JSON file.">
      <Button asChild variant="secondary">
        <a href="/api/account/export" download>
          <Download aria-hidden /> Download my data
        </a>
      </Button>
    </Section>
  );
}

function DeleteSection({ account }: { account: Account }) {
  const qc = useQueryClient();
  const del = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
    if (data.confirmation.trim().toLowerCase() !== DELETE_CONFIRMATION) {
      setError(`Type "${DELETE_CONFIRMATION}" to confirm`);
      return;
    }
    setError(null);
    try {
      await del.mutateAsync({
        password: account.hasPassword ? data['delete-password'] : undefined,
        confirmation: data.confirmation,
        publicContent: data.publicContent === 'delete' ? 'delete' : 'keep',
      });
      qc.clear();
      window.location.assign('/?deleted=1');
    } catch (err) {
      setError(errorMessage(err, 'Could not delete the account. Please try again.'));
    }
  }
  return (
    <Section title="Delete your account" description="This cannot be undone.">
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button variant="destructive">
            <Trash2 aria-hidden /> Delete my account
          </Button>
        </DialogTrigger>
        {open ? (
          <DialogContent
            title="Delete your account?"
            description="Your votes, private messages, private songs and sessions are deleted. Your venues close; your playlists pass to their longest-standing member."
          >
            <form onSubmit={(e) => void handleSubmit(e)} noValidate className="space-y-4">
              <fieldset>
                <legend className="mb-2 text-sm font-medium">Your public songs and chat messages</legend>
                <label className="mb-2 flex items-center gap-3 text-sm">
                  <input type="radio" name="publicContent" value="keep" defaultChecked className="accent-pink-500" />
                  Keep them, shown as by “Former member”
                </label>
                <label className="flex items-center gap-3 text-sm">
                  <input type="radio" name="publicContent" value="delete" className="accent-pink-500" />
                  Delete them too
                </label>
              </fieldset>
              {account.hasPassword ? (
                <Field id="delete-password" label="Your password" type="password" autoComplete="current-password" />
              ) : null}
              <Field
                id="confirmation"
                label={`Type "${DELETE_CONFIRMATION}" to confirm`}
                autoComplete="off"
                maxLength={100}
              />
              <FieldError>{error}</FieldError>
              <div className="flex justify-end gap-2">
                <Button variant="secondary" onClick={() => setOpen(false)}>
                  Cancel
                </Button>
                <Button type="submit" variant="destructive" disabled={del.isPending}>
                  <ShieldAlert aria-hidden /> {del.isPending ? 'Deleting...' : 'Delete forever'}
                </Button>
              </div>
            </form>
          </DialogContent>
        ) : null}
      </Dialog>
    </Section>
  );
}
