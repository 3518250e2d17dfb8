/**
 * The Report button of a venue, a playlist or a conversation. Only the button is part of the page's first load: the
 * dialog (its wrapper, the form and its schema) loads after the page renders, through `lazyDialog`, whose stand-in
 * trigger keeps a press made meanwhile and opens the dialog once it is there (ADR 032).
 */
import type { ReactNode } from 'react';
import { Flag } from 'lucide-react';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { lazyDialog } from '../../../components/ui/lazy-dialog';
import { loadReportDialog } from '../lib/load-report-dialog';
import type { ReportTarget } from './report-target';

const ReportTriggerDialog = lazyDialog(async () => (await loadReportDialog()).ReportTriggerDialog);

export function ReportButton({
  target,
  children,
  ...props
}: { target: ReportTarget; children?: ReactNode } & Omit<ButtonProps, 'target'>) {
  return (
    <ReportTriggerDialog
      target={target}
      trigger={
        <Button variant="ghost" size="sm" {...props}>
          <Flag aria-hidden /> {children ?? 'Report'}
        </Button>
      }
    />
  );
}
