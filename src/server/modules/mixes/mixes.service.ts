/** Mixes (global Top 100 and venue mixes) and the trending list, answered from the in-memory ranking. */
import { GLOBAL_MIX_NAME, GLOBAL_MIX_SIZE, SCREEN_DEFAULT_DURATION, type VoteType } from '../../../shared/constants';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';
import { RankedSongSchema, type RankedSong, type Song } from '../../../shared/schemas/song';
import { MixResponseSchema, type MixResponse } from '../../../shared/schemas/venue';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { presentSong } from '../songs/songs.presenter';
import { MixCache } from './mix-cache';
import { chartStore } from './charts.service';
import { VoteSet, type OwnVotes } from '../votes/own-votes';

const REGISTRY_KEY = 'mixes.cache';

/** The app's mix cache (one per app instance), created on first use and fed by the hub's events. */
export function mixCache(deps: Pick<AppDeps, 'registry' | 'db' | 'log' | 'hub'>): MixCache {
  let cache = deps.registry.get(REGISTRY_KEY) as MixCache | undefined;
  if (!cache) {
    cache = new MixCache(deps.db, deps.log);
    const c = cache;
    deps.hub.onEvent((event) => c.handleEvent(event));
    deps.hub.onResync(() => c.reloadAll());
    deps.registry.set(REGISTRY_KEY, cache);
  }
  return cache;
}

/** A mix as the spec shapes it, as a visitor sees it: no database round trip once warm. */
export async function getMix(cache: MixCache, db: Db, venueId: number | null): Promise<MixResponse> {
  const { venueName, songs, memo } = await cache.ranked(venueId);
  let base = memo.get('mix') as { songs: RankedSong[]; totalDuration: number } | undefined;
  const charts = chartStore(cache, db);
  charts.today(); // a new day drops the lists built with yesterday's previous positions
  if (!base) {
    const top = songs.slice(0, GLOBAL_MIX_SIZE);
    // No earlier snapshot at all (a new mix, a new install): no movement to show, rather than every song NEW.
    const previous = await charts.previousPositions(venueId);
    base = {
      songs: top.map((c, i) => ({
        ...presentSong(c.song, c, null),
        position: i + 1,
        previousPosition: previous.size ? (previous.get(c.id) ?? null) : undefined,
      })),
      totalDuration: top.reduce((sum, c) => sum + (c.song.duration ?? SCREEN_DEFAULT_DURATION), 0),
    };
    memo.set('mix', base);
  }
  const mixInfo =
    venueId === null
      ? { name: GLOBAL_MIX_NAME, type: 'global' as const }
      : { name: venueName ?? '', type: 'venue' as const, venueId };
  return { songs: base.songs, mixInfo, totalDuration: base.totalDuration, totalSongs: base.songs.length };
}

/** A mix's JSON in byte parts, encoded once per ranking change: each song as a visitor sees it, and the rest. */
interface MixParts {
  songs: RankedSong[];
  plain: Buffer[];
  /** Each song with the caller's vote, encoded on first need (most songs are never needed this way). */
  voted: Record<VoteType, (Buffer | undefined)[]>;
  /** `],"mixInfo":…}`: everything after the songs. */
  tail: Buffer;
  /** The whole document as a visitor sees it, and gzipped (on first need). */
  visitor: Buffer;
  visitorGzip?: Buffer;
  /** Where each song's part starts and ends in `visitor` (a signed-in body swaps the voted ones). */
  spans: [number, number][];
}

const HEAD = Buffer.from('{"songs":[');
const COMMA = Buffer.from(',');
const encodeSong = (s: RankedSong) => Buffer.from(JSON.stringify(z.encode(RankedSongSchema, s)));

/** A response body and how it is encoded. */
export interface MixBody {
  body: Buffer;
  encoding: 'gzip' | null;
}

/**
 * The mix as a response body, with the caller's own votes. The zod response serialiser was most of a mix read's
 * cost, so the JSON is encoded once per ranking change, as bytes: visitors get the memoised document, gzipped once
 * when the client accepts it (a hundred songs are ~40 KB of JSON, ~4 KB gzipped: what a phone on a slow network
 * waits for on the home page); signed-in callers get the memoised song parts joined, each song in the variant with
 * the caller's vote from the in-memory OwnVotes (no database round trip and no encoding once warm). Signed-in bodies
 * differ per caller: they are gzipped per request at level 1 when the client accepts it.
 */
export async function getMixBody(
  cache: MixCache,
  db: Db,
  ownVotes: OwnVotes,
  viewerId: string | null,
  venueId: number | null,
  acceptsGzip: boolean,
): Promise<MixBody> {
  chartStore(cache, db).today(); // a new day drops the lists built with yesterday's previous positions
  const { memo } = await cache.ranked(venueId);
  let parts = memo.get('mixParts') as MixParts | undefined;
  if (!parts) {
    const mix = await getMix(cache, db, venueId);
    const { songs: _songs, ...rest } = z.encode(MixResponseSchema, { ...mix, songs: [] });
    const plain = mix.songs.map(encodeSong);
    const tail = Buffer.from(`],${JSON.stringify(rest).slice(1)}`);
    const spans: [number, number][] = [];
    let at = HEAD.length;
    plain.forEach((b, i) => {
      if (i) at += COMMA.length;
      spans.push([at, at + b.length]);
      at += b.length;
    });
    parts = { songs: mix.songs, plain, voted: { up: [], down: [] }, tail, visitor: join(plain, tail), spans };
    memo.set('mixParts', parts);
  }
  if (!viewerId) return visitorBody(parts, acceptsGzip);
  const mine = parts.songs.length ? await ownVotes.of(viewerId, venueId) : null;
  if (!mine?.size) return visitorBody(parts, acceptsGzip);
  // The visitor's document with the voted songs swapped for their variants: views of the runs in between (no copy)
  // and one concat (a concat of every song part separately was a quarter of a signed-in read).
  const pieces: Buffer[] = [];
  let cursor = 0;
  parts.songs.forEach((s, i) => {
    const vote = mine.get(s.id);
    if (!vote) return;
    const [start, end] = parts.spans[i];
    pieces.push(parts.visitor.subarray(cursor, start), (parts.voted[vote][i] ??= encodeSong({ ...s, userVote: vote })));
    cursor = end;
  });
  if (!pieces.length) return visitorBody(parts, acceptsGzip);
  pieces.push(parts.visitor.subarray(cursor));
  const body = Buffer.concat(pieces);
  // Fast gzip (level 1, ~0.1 ms for 40 KB → 3 KB): a phone on a slow network waits for the bytes, not for this.
  return acceptsGzip ? { body: gzipSync(body, { level: 1 }), encoding: 'gzip' } : { body, encoding: null };
}

/** The visitor's document, gzipped once per ranking change when the client accepts it. */
function visitorBody(parts: MixParts, acceptsGzip: boolean): MixBody {
  if (!acceptsGzip) return { body: parts.visitor, encoding: null };
  parts.visitorGzip ??= gzipSync(parts.visitor, { level: 6 });
  return { body: parts.visitorGzip, encoding: 'gzip' };
}

/** `{"songs":[` + the songs, comma-separated + the tail, in one copy. */
function join(songs: Buffer[], tail: Buffer): Buffer {
  const list: Buffer[] = [HEAD];
  songs.forEach((b, i) => list.push(...(i ? [COMMA, b] : [b])));
  list.push(tail);
  return Buffer.concat(list);
}

/** Whether an Accept-Encoding header admits gzip (`gzip;q=0` refuses it). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  for (const part of header.toLowerCase().split(',')) {
    const [coding, ...params] = part.trim().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') continue;
    const q = params.map((x) => x.trim()).find((x) => x.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

/** The `limit` public songs with the highest time-decayed hot score, with the caller's global votes. */
export async function getTrending(
  cache: MixCache,
  ownVotes: OwnVotes,
  viewerId: string | null,
  limit: number,
): Promise<Song[]> {
  const top = (await cache.trending()).slice(0, limit);
  const mine = viewerId && top.length ? await ownVotes.of(viewerId, null) : VoteSet.empty;
  return top.map((c) => presentSong(c.song, c, mine.get(c.id) ?? null));
}
