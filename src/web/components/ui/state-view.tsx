/**
 * The one loading / error / empty state of every screen (docs/design.md, "States"). Errors are said in words —
 * what failed and what to do — with a Retry; never a status code or the server's JSON.
 */
import type { ReactNode } from 'react';
import { AlertTriangle, Loader2, WifiOff } from 'lucide-react';
import { ApiError } from '../../lib/api-client';
import { cx } from '../../lib/cx';

/** Plain words for a failed request: the server's own sentence when it sent one, else what the status means. */
export function friendlyError(err: unknown): string {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return "You're offline. Check your connection.";
  if (err instanceof ApiError) {
    let message: string | null = null;
    try {
      const parsed = JSON.parse(err.body) as { message?: unknown };
      if (typeof parsed.message === 'string' && parsed.message.length < 200) message = parsed.message;
    } catch {
      /* not our JSON: fall through to the status */
    }
    if (err.status >= 500) return 'Something went wrong on our side. Please try again in a moment.';
    if (err.status === 429) return 'Too many requests just now. Please wait a moment and try again.';
    if (err.status === 404) return message ?? 'This could not be found. It may have been removed.';
    if (err.status === 403) return message ?? 'You do not have access to this.';
    if (err.status === 401) return 'Please sign in to see this.';
    return message ?? 'The request could not be completed. Please try again.';
  }
  // The spec's fetchers that throw 'HTTP 500: Internal Server Error' (venues) or '500: {json}': the status only.
  const status = err instanceof Error ? /^(?:HTTP )?(\d{3}):/.exec(err.message)?.[1] : undefined;
  if (status) return friendlyError(new ApiError(Number(status), '', ''));
  if (err instanceof TypeError) return 'Could not reach CrowdMix. Check your connection and try again.';
  return 'Something went wrong. Please try again.';
}

type Props = {
  className?: string;
  /** A smaller version for side columns and dialogs. */
  compact?: boolean;
} & (
  | { kind: 'loading'; label?: string }
  | { kind: 'error'; title: string; error?: unknown; onRetry?: () => void }
  | { kind: 'empty'; title: string; description?: ReactNode; icon?: ReactNode; action?: ReactNode }
);

export function StateView(props: Props) {
  const { className, compact } = props;
  const box = cx(
    'flex flex-col items-center justify-center text-center',
    compact ? 'gap-2 px-3 py-6' : 'gap-3 rounded-card border border-border bg-surface px-6 py-12',
    className,
  );
  if (props.kind === 'loading') {
    return (
      <div role="status" className={cx(box, 'text-muted')} data-testid="state-loading">
        <Loader2 className="size-5 animate-spin" aria-hidden />
        <span className="text-sm">{props.label ?? 'Loading...'}</span>
      </div>
    );
  }
  if (props.kind === 'error') {
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    const Icon = offline ? WifiOff : AlertTriangle;
    return (
      <div role="alert" className={box} data-testid="state-error">
        <Icon className={cx('text-danger', compact ? 'size-5' : 'size-7')} aria-hidden />
        <p className={cx('font-semibold', compact ? 'text-sm' : 'text-base')}>{props.title}</p>
        <p className="max-w-md text-sm text-muted">{friendlyError(props.error)}</p>
        {props.onRetry ? (
          <button
            type="button"
            onClick={props.onRetry}
            className="mt-1 inline-flex h-9 items-center rounded-full border border-border px-4 text-sm font-semibold hover:bg-white/5"
          >
            Retry
          </button>
        ) : null}
      </div>
    );
  }
  return (
    <div className={box} data-testid="state-empty">
      {props.icon ? <span className="text-muted [&_svg]:size-8">{props.icon}</span> : null}
      <p className={cx('font-semibold', compact ? 'text-sm' : 'text-base')}>{props.title}</p>
      {props.description ? <p className="max-w-md text-sm text-muted">{props.description}</p> : null}
      {props.action ? <div className="mt-2">{props.action}</div> : null}
    </div>
  );
}
