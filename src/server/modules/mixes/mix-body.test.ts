import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { z } from 'zod';
import type { VoteType } from '../../../shared/constants';
import type { RankedSong } from '../../../shared/schemas/song';
import { MixResponseSchema, type MixResponse } from '../../../shared/schemas/venue';
import { EncodedMix, acceptsGzip, type MixBody, type VoteLookup } from './mix-body';

const song = (id: number, over: Partial<RankedSong> = {}): RankedSong => ({
  id,
  title: `Song "${id}" — ünïcode </script>`,
  artist: `Artist ${id}`,
  genre: id % 2 ? 'Rock' : null,
  youtubeUrl: id % 3 ? `https://www.youtube.com/watch?v=vid${id}` : null,
  youtubeId: id % 3 ? `vid${id}` : null,
  pdfUrl: id % 3 ? null : `/api/files/${id}`,
  thumbnailUrl: null,
  duration: id % 4 ? 200 + id : null,
  uploaderName: null,
  uploaderId: `user-${id}`,
  venueId: null,
  isPrivate: false,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString(),
  upVotes: id * 2,
  downVotes: id,
  userVote: null,
  position: id,
  previousPosition: id % 5 === 0 ? undefined : id % 5 === 1 ? null : id + 1,
  ...over,
});

const mixOf = (n: number, venue = false): MixResponse => ({
  songs: Array.from({ length: n }, (_, i) => song(i + 1, venue ? { venueId: 7 } : {})),
  mixInfo: venue ? { name: 'The "Blue" Note', type: 'venue', venueId: 7 } : { name: 'Global Top 100', type: 'global' },
  totalDuration: 1234,
  totalSongs: n,
});

const lookup = (votes: Map<number, VoteType>): VoteLookup => ({ size: votes.size, get: (id) => votes.get(id) });

/** The document the zod response serialiser would have sent for this mix with these votes. */
const expected = (mix: MixResponse, votes: Map<number, VoteType>) =>
  z.encode(MixResponseSchema, {
    ...mix,
    songs: mix.songs.map((s) => ({ ...s, userVote: votes.get(s.id) ?? null })),
  });

const parse = (body: Buffer) => MixResponseSchema.parse(JSON.parse(body.toString('utf8')));
/** A body's bytes, its parts joined. */
const bytesOf = ({ parts, byteLength }: MixBody) => {
  const body = Buffer.concat(parts);
  expect(body.length).toBe(byteLength);
  return body;
};

describe('EncodedMix', () => {
  it("a visitor's body parses with MixResponseSchema and equals what the schema encodes", () => {
    for (const mix of [mixOf(0), mixOf(1), mixOf(12), mixOf(9, true)]) {
      const answer = EncodedMix.of(mix).body(null, false);
      const body = bytesOf(answer);
      expect(answer.encoding).toBeNull();
      expect(parse(body)).toEqual(MixResponseSchema.parse(mix));
      expect(JSON.parse(body.toString('utf8'))).toEqual(expected(mix, new Map()));
    }
  });

  it("a signed-in caller's body carries exactly their votes, for any set of votes (property)", () => {
    const mix = mixOf(20);
    const encoded = EncodedMix.of(mix);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 25 }), fc.constantFrom<VoteType>('up', 'down')), { maxLength: 30 }),
        fc.boolean(),
        (pairs, gzip) => {
          const votes = new Map(pairs);
          const answer = encoded.body(lookup(votes), gzip);
          const plain = answer.encoding === 'gzip' ? gunzipSync(bytesOf(answer)) : bytesOf(answer);
          expect(answer.encoding).toBe(gzip ? 'gzip' : null);
          const inMix = new Map([...votes].filter(([id]) => id <= 20));
          expect(parse(plain)).toEqual(MixResponseSchema.parse(expected(mix, inMix)));
          expect(JSON.parse(plain.toString('utf8'))).toEqual(expected(mix, inMix));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("one caller's votes never leak into the next caller's body", () => {
    const encoded = EncodedMix.of(mixOf(5));
    encoded.body(lookup(new Map([[2, 'up']])), false);
    const visitor = parse(bytesOf(encoded.body(null, false)));
    expect(visitor.songs.map((s) => s.userVote)).toEqual([null, null, null, null, null]);
    const other = parse(bytesOf(encoded.body(lookup(new Map([[3, 'down']])), false)));
    expect(other.songs.map((s) => s.userVote)).toEqual([null, null, 'down', null, null]);
  });

  it("gzips the visitor's document once and answers the same bytes again", () => {
    const encoded = EncodedMix.of(mixOf(30));
    const a = encoded.body(null, true);
    const b = encoded.body(null, true);
    expect(a.encoding).toBe('gzip');
    expect(b.parts).toEqual(a.parts);
    expect(b.parts[0]).toBe(a.parts[0]);
    expect(parse(gunzipSync(bytesOf(a))).songs).toHaveLength(30);
  });

  it("a signed-in caller's plain body is made of the memoised bytes, never a copy of them (ADR 050)", () => {
    const encoded = EncodedMix.of(mixOf(12));
    const votes = lookup(
      new Map<number, VoteType>([
        [3, 'up'],
        [7, 'down'],
      ]),
    );
    const visitor = encoded.body(null, false).parts[0];
    const first = encoded.body(votes, false);
    const again = encoded.body(votes, false);
    // The runs between the voted songs are views of the visitor's document; the variants are the same buffers again.
    expect(first.parts).toHaveLength(5);
    for (const i of [0, 2, 4]) expect(first.parts[i].buffer).toBe(visitor.buffer);
    for (const i of [1, 3]) expect(again.parts[i]).toBe(first.parts[i]);
    expect(bytesOf(again)).toEqual(bytesOf(first));
  });
});

describe('acceptsGzip', () => {
  it('reads Accept-Encoding with q-values', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0')).toBe(false);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('identity')).toBe(false);
  });
});
