/** Report something to the moderators: a reason (and words, for "Other"); the reported person never learns who. */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Flag } from 'lucide-react';
import {
  CreateReportSchema,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportTargetType,
} from '@shared/schemas/safety';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { FieldError, Label, Textarea } from '../../../components/ui/input';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCreateReport } from '../api/create-report';

const NOUN: Record<ReportTargetType, string> = {
  song: 'song',
  message: 'message',
  playlist: 'playlist',
  venue: 'venue',
  user: 'person',
};

export interface ReportTarget {
  type: ReportTargetType;
  id: string | number;
  /** What is reported, as the reporter sees it (a title, a name). */
  label: string;
}

/** The dialog's form; shown inside a controlled or a triggered dialog. */
function ReportForm({ target, onDone }: { target: ReportTarget; onDone: () => void }) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const report = useCreateReport();
  const reasons = REPORT_REASONS.filter((r) => r !== 'broken_video' || target.type === 'song').filter(
    (r) => r !== 'wrong_info' || target.type === 'song',
  );

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = CreateReportSchema.safeParse({
      targetType: target.type,
      targetId: String(target.id),
      reason: reason ?? undefined,
      details: details.trim() || undefined,
    });
    if (!parsed.success) {
      setError(reason ? parsed.error.issues[0].message : 'Choose a reason');
      return;
    }
    setError(null);
    try {
      await report.mutateAsync(parsed.data);
      setSent(true);
    } catch (err) {
      setError(
        err instanceof ApiError && err.status === 401
          ? 'Sign in to report something.'
          : errorMessage(err, 'The report could not be sent. Please try again.'),
      );
    }
  }

  if (sent)
    return (
      <div className="space-y-4">
        <p role="status" className="text-sm">
          Thank you. A moderator will look at it, and you will get a notice when it is handled. The {NOUN[target.type]}
          {target.type === 'user' ? '' : "'s author"} will not learn who reported it.
        </p>
        <div className="flex justify-end">
          <Button onClick={onDone}>Done</Button>
        </div>
      </div>
    );

  return (
    <form onSubmit={(e) => void handleSubmit(e)} className="space-y-4" noValidate>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">What is wrong?</legend>
        <div className="grid gap-2">
          {reasons.map((r) => (
            <label
              key={r}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-border bg-surface-2 px-3 py-2 text-sm has-[:checked]:border-pink-400"
            >
              <input
                type="radio"
                name={`${id}-reason`}
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
                className="accent-pink-500"
              />
              {REPORT_REASON_LABELS[r]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-details`}>
          {reason === 'other' ? 'Tell us what is wrong' : 'Anything to add? (optional)'}
        </Label>
        <Textarea id={`${id}-details`} value={details} onChange={(e) => setDetails(e.target.value)} maxLength={1000} />
      </div>
      <FieldError>{error}</FieldError>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={report.isPending}>
          {report.isPending ? 'Sending...' : 'Send report'}
        </Button>
      </div>
    </form>
  );
}

/** A report dialog opened by the caller (e.g. from a menu item). */
export function ReportDialog({
  target,
  open,
  onOpenChange,
}: {
  target: ReportTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent title={`Report this ${NOUN[target.type]}`} description={target.label}>
          <ReportForm target={target} onDone={() => onOpenChange(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** A button that opens the report dialog. */
export function ReportButton({
  target,
  children,
  ...props
}: { target: ReportTarget; children?: ReactNode } & Omit<ButtonProps, 'target'>) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" {...props}>
          <Flag aria-hidden /> {children ?? 'Report'}
        </Button>
      </DialogTrigger>
      {open ? (
        <DialogContent title={`Report this ${NOUN[target.type]}`} description={target.label}>
          <ReportForm target={target} onDone={() => setOpen(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
