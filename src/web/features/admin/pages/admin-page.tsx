/**
 * /admin, for administrators: the report queue with its context (the item, its author, earlier reports) and the
 * actions (dismiss, hide, remove, suspend), handled reports, and the audit log with restore.
 */
import { useId, useState } from 'react';
import { Flag, History, ShieldCheck } from 'lucide-react';
import type { AdminReport, AuditEntry, ResolveReportInput } from '@shared/schemas/safety';
import { REPORT_REASON_LABELS, SUSPEND_DURATIONS, SUSPEND_LABELS } from '@shared/schemas/safety-constants';
import { Page } from '../../../components/layout/page';
import { AuthRequired } from '../../../app/auth-required';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { FieldError, Input, Label, Select } from '../../../components/ui/input';
import { Loading } from '../../../components/ui/loading';
import { StateView } from '../../../components/ui/state-view';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useAuth } from '../../auth';
import { useAccount } from '../../account';
import { useResolveReport, useRestore } from '../api/admin-actions';
import { useAudit } from '../api/get-audit';
import { useReports } from '../api/get-reports';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const fmt = (iso: string) => when.format(new Date(iso));
const STATE: Record<AdminReport['targetState'], { label: string; variant: 'success' | 'warning' | 'danger' }> = {
  visible: { label: 'Visible', variant: 'success' },
  hidden: { label: 'Hidden', variant: 'warning' },
  gone: { label: 'Gone', variant: 'danger' },
};

export function AdminPage() {
  const { user, isLoading } = useAuth();
  const account = useAccount(Boolean(user));
  if (isLoading || (user && account.isLoading)) return <Loading />;
  if (!user)
    return (
      <Page>
        <AuthRequired message="Please sign in as an administrator." />
      </Page>
    );
  if (!account.data?.isAdmin)
    return (
      <Page>
        <Card className="mx-auto mt-10 max-w-md p-8 text-center">
          <h1 className="text-2xl font-semibold">Administrators only</h1>
          <p className="mt-2 text-muted">This page is for the people who moderate this CrowdMix.</p>
        </Card>
      </Page>
    );
  return (
    <Page className="max-w-5xl">
      <h1 className="mb-6 font-display text-3xl font-bold">
        <span className="text-gradient">Moderation</span>
      </h1>
      <Tabs defaultValue="open">
        <TabsList aria-label="Moderation views">
          <TabsTrigger value="open">
            <Flag aria-hidden /> Reports
          </TabsTrigger>
          <TabsTrigger value="closed">
            <ShieldCheck aria-hidden /> Handled
          </TabsTrigger>
          <TabsTrigger value="audit">
            <History aria-hidden /> Audit log
          </TabsTrigger>
        </TabsList>
        <TabsContent value="open">
          <ReportList status="open" />
        </TabsContent>
        <TabsContent value="closed">
          <ReportList status="closed" />
        </TabsContent>
        <TabsContent value="audit">
          <AuditLog />
        </TabsContent>
      </Tabs>
    </Page>
  );
}

function ReportList({ status }: { status: 'open' | 'closed' }) {
  const reports = useReports(status);
  if (reports.isLoading) return <StateView kind="loading" label="Loading reports..." />;
  if (reports.isError)
    return (
      <StateView
        kind="error"
        title="Could not load the reports"
        error={reports.error}
        onRetry={() => void reports.refetch()}
      />
    );
  const list = reports.data ?? [];
  if (!list.length)
    return (
      <StateView
        kind="empty"
        icon={<Flag />}
        title={status === 'open' ? 'No open reports. All quiet.' : 'No handled reports yet.'}
      />
    );
  return (
    <ul className="space-y-4" aria-label={status === 'open' ? 'Open reports' : 'Handled reports'}>
      {list.map((r) => (
        <li key={r.id}>
          <ReportCard report={r} />
        </li>
      ))}
    </ul>
  );
}

function ReportCard({ report: r }: { report: AdminReport }) {
  const id = useId();
  const resolve = useResolveReport();
  const [reason, setReason] = useState('');
  const [duration, setDuration] = useState<(typeof SUSPEND_DURATIONS)[number]>('7d');
  const [error, setError] = useState<string | null>(null);
  const act = (action: ResolveReportInput['action']) => {
    if (!reason.trim())
      return setError('Give a reason: it goes in the audit log, and to the author when an item goes.');
    setError(null);
    resolve.mutate(
      { id: r.id, action, reason: reason.trim(), ...(action === 'suspend' ? { duration } : {}) },
      {
        onSuccess: () => toast({ title: 'Report handled', variant: 'success' }),
        onError: (err) => setError(errorMessage(err, 'Could not handle the report.')),
      },
    );
  };
  const canHide = r.targetType === 'song' || r.targetType === 'playlist' || r.targetType === 'venue';
  return (
    <Card data-testid="report">
      <CardContent className="space-y-3 pt-5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge>{r.targetType}</Badge>
          <Badge variant={STATE[r.targetState].variant}>{STATE[r.targetState].label}</Badge>
          <Badge variant="secondary">{REPORT_REASON_LABELS[r.reason]}</Badge>
          <span className="text-xs text-muted">
            #{r.id} · {fmt(r.createdAt)}
          </span>
        </div>
        <p className="font-semibold break-words">{r.targetSummary}</p>
        {r.details ? <p className="rounded-xl bg-surface-2 p-3 text-sm break-words">“{r.details}”</p> : null}
        <dl className="grid gap-1 text-sm sm:grid-cols-2">
          <div>
            <dt className="inline text-muted">Reported by </dt>
            <dd className="inline">{r.reporter ? (r.reporter.name ?? 'a member') : 'a former member'}</dd>
          </div>
          <div>
            <dt className="inline text-muted">Author </dt>
            <dd className="inline">
              {r.author ? (r.author.name ?? 'a member') : 'unknown'}
              {r.author?.suspendedUntil ? (
                <Badge variant="danger" className="ml-2">
                  Suspended
                </Badge>
              ) : null}
            </dd>
          </div>
        </dl>
        {r.earlierCount ? (
          <details className="text-sm">
            <summary className="cursor-pointer text-muted">
              {r.earlierCount} other report{r.earlierCount === 1 ? '' : 's'} about this item or its author
            </summary>
            <ul className="mt-2 space-y-1">
              {r.earlier.map((e) => (
                <li key={e.id}>
                  #{e.id} {e.targetType} “{e.targetSummary}” — {REPORT_REASON_LABELS[e.reason]}, {e.status},{' '}
                  {fmt(e.createdAt)}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
        {r.status === 'open' ? (
          <div className="space-y-3 border-t border-border/60 pt-3">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-reason`}>Reason (kept in the audit log)</Label>
              <Input id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
            </div>
            <FieldError>{error}</FieldError>
            <div className="flex flex-wrap items-end gap-2">
              <Button variant="secondary" size="sm" disabled={resolve.isPending} onClick={() => act('dismiss')}>
                Dismiss
              </Button>
              {canHide && r.targetState === 'visible' ? (
                <Button variant="outline" size="sm" disabled={resolve.isPending} onClick={() => act('hide')}>
                  Hide
                </Button>
              ) : null}
              {r.targetType !== 'user' && r.targetState !== 'gone' ? (
                <Button variant="destructive" size="sm" disabled={resolve.isPending} onClick={() => act('remove')}>
                  Remove
                </Button>
              ) : null}
              {r.author ? (
                <span className="flex items-end gap-2">
                  <span className="flex flex-col gap-1">
                    <Label htmlFor={`${id}-duration`} className="text-xs">
                      Suspend for
                    </Label>
                    <Select
                      id={`${id}-duration`}
                      className="h-8 w-32"
                      value={duration}
                      onChange={(e) => setDuration(e.target.value as typeof duration)}
                    >
                      {SUSPEND_DURATIONS.map((d) => (
                        <option key={d} value={d}>
                          {SUSPEND_LABELS[d]}
                        </option>
                      ))}
                    </Select>
                  </span>
                  <Button variant="destructive" size="sm" disabled={resolve.isPending} onClick={() => act('suspend')}>
                    Suspend author
                  </Button>
                </span>
              ) : null}
            </div>
          </div>
        ) : (
          <p className="text-sm text-muted">
            {r.status === 'dismissed' ? 'Dismissed' : `Handled: ${r.resolution}`}
            {r.handledAt ? ` · ${fmt(r.handledAt)}` : ''}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function AuditLog() {
  const audit = useAudit();
  if (audit.isLoading) return <StateView kind="loading" label="Loading the audit log..." />;
  // Never "nothing moderated" when the log could not be read.
  if (audit.isError)
    return (
      <StateView
        kind="error"
        title="Could not load the audit log"
        error={audit.error}
        onRetry={() => void audit.refetch()}
      />
    );
  const list = audit.data ?? [];
  if (!list.length) return <StateView kind="empty" icon={<History />} title="Nothing has been moderated yet." />;
  return (
    <ul className="divide-y divide-border/60 rounded-2xl border border-border bg-surface/80" aria-label="Audit log">
      {list.map((e) => (
        <li key={e.id} className="flex flex-wrap items-start gap-3 p-4 text-sm" data-testid="audit-entry">
          <div className="min-w-0 flex-1">
            <p>
              <span className="font-semibold">{e.actor?.name ?? 'A former administrator'}</span> ·{' '}
              {e.action.replace('_', ' ')} {e.targetType} “<span className="break-words">{e.targetSummary}</span>”
              {e.until ? ` until ${fmt(e.until)}` : e.action === 'suspend' ? ' for good' : ''}
            </p>
            <p className="text-muted">
              {fmt(e.createdAt)} · Why: {e.reason}
              {e.reportId ? ` · report #${e.reportId}` : ''}
            </p>
          </div>
          {e.restorable ? <RestoreButton entry={e} /> : null}
        </li>
      ))}
    </ul>
  );
}

function RestoreButton({ entry }: { entry: AuditEntry }) {
  const restore = useRestore();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          Restore
        </Button>
      </DialogTrigger>
      {open ? (
        <DialogContent
          title={entry.action === 'suspend' ? 'Lift the suspension?' : 'Show this again?'}
          description={entry.targetSummary}
        >
          <form
            className="space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (!reason.trim()) return setError('Give a reason');
              restore.mutate(
                {
                  targetType: entry.targetType as 'song' | 'playlist' | 'venue' | 'user',
                  targetId: entry.targetId,
                  reason: reason.trim(),
                },
                {
                  onSuccess: () => {
                    setOpen(false);
                    toast({ title: 'Restored', variant: 'success' });
                  },
                  onError: (err) => setError(errorMessage(err, 'Could not restore.')),
                },
              );
            }}
          >
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-reason`}>Reason</Label>
              <Input id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
            </div>
            <FieldError>{error}</FieldError>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={restore.isPending}>
                Restore
              </Button>
            </div>
          </form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
