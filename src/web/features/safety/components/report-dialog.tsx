/** Report something to the moderators: a reason (and words, for "Other"); the reported person never learns who. */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Flag } from 'lucide-react';
import { Button, type ButtonProps } from '../../../components/ui/button';
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
  usePreload(loadForm);
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
