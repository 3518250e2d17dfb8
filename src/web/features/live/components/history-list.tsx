/** Tonight's songs, newest first: who asked, the votes, and whether it was skipped. */
import type { LiveHistoryRow } from '@shared/schemas/live';
import { Badge } from '../../../components/ui/badge';
import { SongThumb } from './song-thumb';

const STATUS_LABEL: Record<LiveHistoryRow['status'], string | null> = {
  queued: null,
  playing: 'Playing',
  played: null,
  skipped: 'Skipped',
  removed: 'Removed',
  unplayable: "Couldn't play",
};

const timeOf = (iso: string | null) =>
  iso ? new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }) : '';

export function HistoryList({ rows, showRequests }: { rows: LiveHistoryRow[]; showRequests?: boolean }) {
  const shown = rows.filter((r) => r.status !== 'queued');
  if (shown.length === 0) return <p className="text-sm text-muted">Nothing has played yet tonight.</p>;
  return (
    <ol className="space-y-2" aria-label="Tonight's history">
      {shown.map((r) => {
        const label = STATUS_LABEL[r.status];
        return (
          <li key={r.entryId} className="flex items-center gap-3 rounded-xl bg-surface-2/60 p-2">
            <SongThumb song={r.song} className="size-10 rounded-lg" />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">{r.song.title}</p>
              <p className="truncate text-xs text-muted">
                {r.song.artist}
                {r.requester ? ` · asked by ${r.requester.name}` : ' · from the venue mix'}
                {showRequests && r.requests > 1 ? ` · ${r.requests} requests` : ''}
              </p>
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1 text-xs text-muted">
              <span className="tabular-nums">{timeOf(r.startedAt ?? r.requestedAt)}</span>
              <span className="tabular-nums">{r.netVotes > 0 ? `+${r.netVotes}` : r.netVotes} votes</span>
              {label && <Badge variant={r.status === 'skipped' ? 'warning' : 'secondary'}>{label}</Badge>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
