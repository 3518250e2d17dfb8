/** The report dialog's form (./report-dialog.tsx), with its schema: loaded when a report dialog opens (ADR 024). */
import { useId, useState, type FormEvent } from 'react';
import { CreateReportSchema, type ReportReason } from '@shared/schemas/safety';
import { REPORT_REASON_LABELS, REPORT_REASONS } from '@shared/schemas/safety-constants';
import { Button } from '../../../components/ui/button';
import { FieldError, Label, Textarea } from '../../../components/ui/input';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCreateReport } from '../api/create-report';
import { NOUN, type ReportTarget } from './report-target';

/** The dialog's form; shown inside a controlled or a triggered dialog. */
export function ReportForm({ target, onDone }: { target: ReportTarget; onDone: () => void }) {
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
