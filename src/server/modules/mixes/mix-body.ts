/**
 * A mix's response body as bytes. The zod response serialiser was most of a mix read's cost, so a mix is encoded
 * once per ranking change: visitors get the memoised document, gzipped once when the client accepts it (a hundred
 * songs are ~40 KB of JSON, ~4 KB gzipped: what a phone on a slow network waits for on the home page); signed-in
 * callers get the visitor's document with the songs they voted on swapped for the variant carrying their vote
 * (each variant encoded on first need; no database round trip and no encoding once warm). Signed-in bodies differ
 * per caller: they are gzipped per request at level 1 when the client accepts it.
 *
 * A signed-in body is never assembled in a new buffer of its own: it is answered as its parts (views of the visitor's
 * document and the memoised variants), which the route joins in a buffer lent until the response closes, and gzip
 * reads them from one scratch buffer reused by every request. A new 40 KB buffer per request was fresh memory every
 * time (the allocator hands freed blocks back to the system between collections): copying into it page-faulted,
 * half of a signed-in read's time (ADR 050).
 *
 * Every byte here comes from `z.encode(MixResponseSchema, …)`: the body is what the schema would have produced
 * (mix-body.test.ts parses it back with the schema).
 */
import { gzipSync } from 'node:zlib';
import { z } from 'zod';
import type { VoteType } from '../../../shared/constants';
import { RankedSongSchema, type RankedSong } from '../../../shared/schemas/song';
import { MixResponseSchema, type MixResponse } from '../../../shared/schemas/venue';

/** A response body, in the parts it is sent as (their bytes in order), and how it is encoded. */
export interface MixBody {
  parts: readonly Buffer[];
  byteLength: number;
  encoding: 'gzip' | null;
}

const whole = (body: Buffer, encoding: MixBody['encoding']): MixBody => ({
  parts: [body],
  byteLength: body.length,
  encoding,
});

/** Where a signed-in body is assembled for gzip, synchronously, by one request after another; grows to the largest. */
let scratch = Buffer.alloc(0);

/** `parts` gzipped (level 1, ~0.1 ms for 40 KB → 3 KB: a phone on a slow network waits for the bytes, not for this). */
function gzipParts(parts: readonly Buffer[], byteLength: number): Buffer {
  if (scratch.length < byteLength) scratch = Buffer.allocUnsafeSlow(Math.max(byteLength, scratch.length * 2));
  let at = 0;
  for (const part of parts) at += part.copy(scratch, at);
  return gzipSync(scratch.subarray(0, at), { level: 1 });
}

/** The caller's votes in this mix's context (song id → vote). */
export interface VoteLookup {
  readonly size: number;
  get(songId: number): VoteType | undefined;
}

const HEAD = Buffer.from('{"songs":[');
const COMMA = Buffer.from(',');
const encodeSong = (s: RankedSong) => Buffer.from(JSON.stringify(z.encode(RankedSongSchema, s)));

/** One mix, encoded: the visitor's document and where each song's bytes sit in it. */
export class EncodedMix {
  private visitorGzip: Buffer | null = null;
  /** Each song with a caller's vote, encoded on first need (most songs are never needed this way). */
  private readonly voted: Record<VoteType, (Buffer | undefined)[]> = { up: [], down: [] };

  private constructor(
    private readonly songs: RankedSong[],
    /** The whole document as a visitor sees it. */
    private readonly visitor: Buffer,
    /** Where each song's part starts and ends in `visitor`. */
    private readonly spans: [number, number][],
  ) {}

  static of(mix: MixResponse): EncodedMix {
    const { songs: _songs, ...rest } = z.encode(MixResponseSchema, { ...mix, songs: [] });
    const parts = mix.songs.map(encodeSong);
    const list: Buffer[] = [HEAD];
    const spans: [number, number][] = [];
    let at = HEAD.length;
    parts.forEach((b, i) => {
      if (i) {
        list.push(COMMA);
        at += COMMA.length;
      }
      list.push(b);
      spans.push([at, at + b.length]);
      at += b.length;
    });
    // `],"mixInfo":…}`: everything after the songs.
    list.push(Buffer.from(`],${JSON.stringify(rest).slice(1)}`));
    return new EncodedMix(mix.songs, Buffer.concat(list), spans);
  }

  /** The body for a caller with these votes (none: the visitor's document). */
  body(mine: VoteLookup | null, acceptsGzip: boolean): MixBody {
    if (!mine?.size || !this.songs.length) return this.visitorBody(acceptsGzip);
    // The visitor's document with the voted songs swapped for their variants: views of the runs in between and the
    // variants themselves, no copy.
    const parts: Buffer[] = [];
    let cursor = 0;
    let byteLength = 0;
    this.songs.forEach((s, i) => {
      const vote = mine.get(s.id);
      if (!vote) return;
      const [start, end] = this.spans[i];
      const variant = (this.voted[vote][i] ??= encodeSong({ ...s, userVote: vote }));
      parts.push(this.visitor.subarray(cursor, start), variant);
      byteLength += start - cursor + variant.length;
      cursor = end;
    });
    if (!parts.length) return this.visitorBody(acceptsGzip);
    parts.push(this.visitor.subarray(cursor));
    byteLength += this.visitor.length - cursor;
    return acceptsGzip ? whole(gzipParts(parts, byteLength), 'gzip') : { parts, byteLength, encoding: null };
  }

  /** The visitor's document, gzipped once when the client accepts it. */
  private visitorBody(acceptsGzip: boolean): MixBody {
    if (!acceptsGzip) return whole(this.visitor, null);
    this.visitorGzip ??= gzipSync(this.visitor, { level: 6 });
    return whole(this.visitorGzip, 'gzip');
  }
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
