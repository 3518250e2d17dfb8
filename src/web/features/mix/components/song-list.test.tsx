// @vitest-environment happy-dom
/**
 * SongList's rows are memoized (ADR 046): a list that re-renders — its screen's other reads answering, the next chunk
 * of a 100-row mix — renders only the rows whose own props changed, and a row's vote still reaches the latest `vote`.
 */
import { describe, expect, it, vi } from 'vitest';
import { createRoot } from 'react-dom/client';
import type { Song } from '@shared/schemas/song';
import { SongList } from './song-list';
import type { RowMenuAction } from './song-card';
import { unmountAfterEach } from '../../../test/unmount-after-each';

/** Each row's vote control counts its renders (a row that renders renders it), and votes up when pressed. */
const seen = vi.hoisted(() => ({ voteButtons: 0, vote: null as null | ((id: number, t: 'up' | 'down') => void) }));
vi.mock('./vote-buttons', () => ({
  VoteButtons: ({ song, onVote }: { song: { id: number }; onVote: (t: 'up' | 'down') => void }) => {
    seen.voteButtons += 1;
    return (
      <button type="button" data-vote={song.id} onClick={() => onVote('up')}>
        up
      </button>
    );
  },
}));
vi.mock('./use-vote', () => ({
  useVote: () => ({ vote: seen.vote, pendingSongId: null }),
}));
vi.mock('../../player', () => ({
  usePlayerActions: () => ({}),
  usePlayerState: () => ({}),
  useIsCurrentSong: () => ({ isCurrent: false, isPlaying: false }),
  loadPdfThumbnail: () => new Promise(() => {}),
}));
vi.mock('../../safety', () => ({ loadReportDialog: () => new Promise(() => {}) }));

const song = (id: number): Song =>
  ({
    id,
    title: `Song ${id}`,
    artist: 'Artist',
    genre: 'Pop',
    youtubeId: null,
    youtubeUrl: null,
    pdfUrl: null,
    thumbnailUrl: null,
    duration: 180,
    upVotes: 1,
    downVotes: 0,
    userVote: null,
    isPrivate: false,
  }) as unknown as Song;

const track = unmountAfterEach();

describe('SongList', () => {
  it('does not render its rows again when it re-renders with the same songs, and votes with the latest vote', async () => {
    const songs = [song(1), song(2), song(3)];
    const first = vi.fn();
    seen.vote = first;
    const container = document.createElement('div');
    const root = track(createRoot(container));
    root.render(<SongList songs={songs} ranked label="Mix" />);
    await vi.waitFor(() => expect(container.querySelectorAll('[data-vote]')).toHaveLength(3));
    const afterFirst = seen.voteButtons;

    // The screen re-renders (another read answered): the same songs, and a new vote function from useVote.
    const latest = vi.fn();
    seen.vote = latest;
    root.render(<SongList songs={songs} ranked label="Mix" />);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen.voteButtons).toBe(afterFirst);

    (container.querySelector('[data-vote="2"]') as HTMLButtonElement).click();
    expect(latest).toHaveBeenCalledWith(2, 'up');
    expect(first).not.toHaveBeenCalled();
  });

  it("gives every row the list's menu entries without rendering the rows again (a venue owner's list)", async () => {
    const songs = [song(1), song(2)];
    seen.vote = vi.fn();
    const removed: number[] = [];
    const menu: RowMenuAction[] = [{ label: 'Remove from the mix', icon: null, onSelect: (s) => removed.push(s.id) }];
    const container = document.createElement('div');
    const root = track(createRoot(container));
    root.render(<SongList songs={songs} ranked label="Mix" menuActions={menu} />);
    await vi.waitFor(() => expect(container.querySelectorAll('[data-vote]')).toHaveLength(2));
    const afterFirst = seen.voteButtons;
    root.render(<SongList songs={songs} ranked label="Mix" menuActions={menu} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen.voteButtons).toBe(afterFirst);

    // Every row has its menu (these songs are neither YouTube videos nor PDFs with a player: Report and the entry).
    const triggers = container.querySelectorAll<HTMLButtonElement>('button[aria-label^="More for"]');
    expect([...triggers].map((b) => b.getAttribute('aria-label'))).toEqual(['More for Song 1', 'More for Song 2']);
    // No row carries a button of its own for the entry: it is in the menu.
    expect(container.querySelector('button[aria-label*="Remove"]')).toBeNull();
  });
});
