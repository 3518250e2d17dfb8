/**
 * Report something to the moderators: a reason (and words, for "Other"); the reported person never learns who.
 * Loaded on demand (`loadReportDialog`): a page shows `ReportButton`, which loads this module once the page is idle.
 */
import { lazy, Suspense, type RefObject } from 'react';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Loading } from '../../../components/ui/loading';
import { NOUN, type ReportTarget } from './report-target';

export type { ReportTarget } from './report-target';

/** The form and its schema (zod) load when a dialog opens, not with the page that shows the button (ADR 024). */
export const loadForm = () => import('./report-form');
const LazyReportForm = lazy(async () => ({ default: (await loadForm()).ReportForm }));

function ReportForm(props: { target: ReportTarget; onDone: () => void }) {
  return (
    <Suspense fallback={<Loading label="Loading the form..." />}>
      <LazyReportForm {...props} />
    </Suspense>
  );
}

/** A report dialog opened by the caller (e.g. from a menu item). */
export function ReportDialog({
  target,
  open,
  onOpenChange,
  returnFocus,
}: {
  target: ReportTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it, focused again on close (without it, Radix returns the focus where it was). */
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} returnFocus={returnFocus}>
      {open ? (
        <DialogContent title={`Report this ${NOUN[target.type]}`} description={target.label}>
          <ReportForm target={target} onDone={() => onOpenChange(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
