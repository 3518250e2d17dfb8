/**
 * The Report button of a venue, a playlist or a conversation. Only the button is part of the page's first load: the
 * dialog (Radix's dialog wrapper, the form and its schema) loads when the page is idle or, at the latest, when the
 * button is pointed at, focused or pressed (ADR 032). A press made while it loads opens it once it is there.
 */
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Flag } from 'lucide-react';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { usePreload } from '../../../lib/preload';
import { loadReportDialog } from '../lib/load-report-dialog';
import type { ReportTarget } from './report-target';

/** The dialog's module and, behind it, its form: everything a press needs. */
const preloadAll = () => loadReportDialog().then((module) => module.loadForm());
const ReportDialog = lazy(async () => ({ default: (await loadReportDialog()).ReportDialog }));

export function ReportButton({
  target,
  children,
  onClick,
  onPointerEnter,
  onFocus,
  ...props
}: { target: ReportTarget; children?: ReactNode } & Omit<ButtonProps, 'target'>) {
  const [open, setOpen] = useState(false);
  // Mounted from the first press on, and kept (closed) afterwards so that its closing returns the focus to the button.
  const [mounted, setMounted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  usePreload(preloadAll);
  return (
    <>
      <Button
        ref={buttonRef}
        variant="ghost"
        size="sm"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        {...props}
        onPointerEnter={(event) => {
          onPointerEnter?.(event);
          void preloadAll().catch(() => {});
        }}
        onFocus={(event) => {
          onFocus?.(event);
          void preloadAll().catch(() => {});
        }}
        onClick={(event) => {
          onClick?.(event);
          if (event.defaultPrevented) return;
          setMounted(true);
          setOpen(true);
        }}
      >
        <Flag aria-hidden /> {children ?? 'Report'}
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <ReportDialog target={target} open={open} onOpenChange={setOpen} returnFocus={buttonRef} />
        </Suspense>
      ) : null}
    </>
  );
}
