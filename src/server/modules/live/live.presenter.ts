/** API shapes of Venue Live: explicit, so that a new column never leaks. */
import {
  describeSkipRule,
  type LiveBan,
  type LiveCohost,
  type LiveHistoryRow,
  type LiveQueueEntry,
  type LiveSettings,
  type LiveSong,
} from '../../../shared/schemas/live';
import type * as repo from './live.repository';
import { requesterName } from './live.rules';

export function presentSong(song: repo.EntryWithSong['song']): LiveSong {
  return {
    id: song.id,
    title: song.title,
    artist: song.artist,
    youtubeId: song.youtubeId,
    thumbnailUrl: song.thumbnailUrl,
    duration: song.duration,
  };
}

export function presentRequester(row: repo.EntryWithSong) {
  const id = row.entry.requesterId;
  return id ? { id, name: requesterName(row.requesterFirstName, row.requesterLastName) } : null;
}

export function presentQueueEntry(
  row: repo.EntryWithSong,
  viewer: { userId: string; votes: Map<number, 1 | -1> } | null,
  startsInSeconds: number | null,
): LiveQueueEntry {
  return {
    id: row.entry.id,
    song: presentSong(row.song),
    requester: presentRequester(row),
    requestedAt: row.entry.requestedAt.toISOString(),
    netVotes: row.entry.netVotes,
    myVote: viewer?.votes.get(row.entry.id) ?? null,
    mine: Boolean(viewer && row.entry.requesterId === viewer.userId),
    startsInSeconds,
  };
}

export function presentHistoryRow(row: repo.EntryWithSong): LiveHistoryRow {
  const e = row.entry;
  return {
    entryId: e.id,
    song: presentSong(row.song),
    requester: presentRequester(row),
    status: e.status as LiveHistoryRow['status'],
    netVotes: e.netVotes,
    requests: e.autofill ? 0 : e.requestCount,
    requestedAt: e.requestedAt.toISOString(),
    startedAt: e.startedAt?.toISOString() ?? null,
    endedAt: e.endedAt?.toISOString() ?? null,
  };
}

export function presentSettings(row: repo.SettingsRow): LiveSettings {
  return {
    requestCap: row.requestCap,
    skipPercent: row.skipPercent,
    skipScaled: row.skipScaled,
    maxSongSeconds: row.maxSongSeconds,
    noRepeatHours: row.noRepeatHours,
    allowYoutubeLinks: row.allowYoutubeLinks,
    requestsLocked: row.requestsLocked,
    skipRule: describeSkipRule(row.skipPercent, row.skipScaled),
  };
}

export function presentBan(row: Awaited<ReturnType<typeof repo.listBans>>[number]): LiveBan {
  const b = row.ban;
  return {
    id: b.id,
    kind: b.songId !== null ? 'song' : 'artist',
    songId: b.songId,
    artist: b.artist,
    label: b.songId !== null ? `${row.songTitle ?? 'Song'} — ${row.songArtist ?? ''}`.trim() : (b.artist ?? ''),
    createdAt: b.createdAt.toISOString(),
  };
}

export function presentCohost(row: Awaited<ReturnType<typeof repo.listCohosts>>[number]): LiveCohost {
  return {
    userId: row.userId,
    name: [row.firstName, row.lastName].filter(Boolean).join(' ') || 'A CrowdMix user',
    email: row.email,
    addedAt: row.addedAt.toISOString(),
  };
}
