/**
 * Report something to the moderators: a reason (and words, for "Other"); the reported person never learns who.
 * Loaded on demand (`loadReportDialog`): a page shows `ReportButton`, whose trigger stands in until this module is there.
 */
import { lazy, Suspense, useState, type ReactElement, type RefObject } from 'react';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Loading } from '../../../components/ui/loading';
import { usePreload } from '../../../lib/preload';
import { NOUN, type ReportTarget } from './report-target';

export type { ReportTarget } from './report-target';

/** The form and its schema (zod) load when a dialog opens, not with the page that shows the button (ADR 024). */
const loadForm = () => import('./report-form');
const LazyReportForm = lazy(async () => ({ default: (await loadForm()).ReportForm }));

function ReportForm(props: { target: ReportTarget; onDone: () => void }) {
  return (
    <Suspense fallback={<Loading label="Loading the form..." />}>
      <LazyReportForm {...props} />
    </Suspense>
  );
}

/** The dialog's content while it is open: title, what is reported, and the form. */
function ReportContent({ target, open, onDone }: { target: ReportTarget; open: boolean; onDone: () => void }) {
  if (!open) return null;
  return (
    <DialogContent title={`Report this ${NOUN[target.type]}`} description={target.label}>
      <ReportForm target={target} onDone={onDone} />
    </DialogContent>
  );
}

/** A report dialog opened by the caller (e.g. from a menu item). */
export function ReportDialog({
  target,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  target: ReportTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button it was opened from (see Dialog). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} returnFocusTo={returnFocusTo}>
      <ReportContent target={target} open={open} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

/** The report dialog with its own trigger (ReportButton's, loaded through `lazyDialog`). */
export function ReportTriggerDialog({ target, trigger }: { target: ReportTarget; trigger: ReactElement }) {
  const [open, setOpen] = useState(false);
  usePreload(loadForm);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <ReportContent target={target} open={open} onDone={() => setOpen(false)} />
    </Dialog>
  );
}
