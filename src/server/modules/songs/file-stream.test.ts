import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ChunkWriter, chunkReadStream, parseRange, etagMatches } from './file-stream';

const CHUNK = 8;
/** A file of `size` bytes whose byte i is i % 251, cut into chunks of CHUNK. */
function fakeFile(size: number) {
  const bytes = Buffer.from(Array.from({ length: size }, (_, i) => i % 251));
  const calls: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const readChunk = async (seq: number) => {
    calls.push(seq);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((r) => setImmediate(r));
    inFlight--;
    return bytes.subarray(seq * CHUNK, (seq + 1) * CHUNK);
  };
  return { bytes, calls, readChunk, maxInFlight: () => maxInFlight };
}

async function collect(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const p of stream) parts.push(p as Buffer);
  return Buffer.concat(parts);
}

describe('chunkReadStream', () => {
  it('reads one chunk per call, in order, one call at a time, and only the chunks the range needs', async () => {
    const f = fakeFile(100);
    const out = await collect(chunkReadStream(f.readChunk, { chunkSize: CHUNK, start: 0, end: 99 }));
    expect(out.equals(f.bytes)).toBe(true);
    expect(f.calls).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(f.maxInFlight()).toBe(1);

    const g = fakeFile(100);
    const part = await collect(chunkReadStream(g.readChunk, { chunkSize: CHUNK, start: 13, end: 42 }));
    expect(part.equals(g.bytes.subarray(13, 43))).toBe(true);
    expect(g.calls).toEqual([1, 2, 3, 4, 5]);
  });

  it('waits for its reader (backpressure): nothing is read ahead beyond its buffer', async () => {
    const f = fakeFile(CHUNK * 1000);
    const stream = chunkReadStream(f.readChunk, { chunkSize: CHUNK, start: 0, end: CHUNK * 1000 - 1 });
    stream.pause();
    stream.on('data', () => {});
    stream.pause();
    for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
    // One chunk fills the buffer (highWaterMark = one chunk); a paused reader gets at most one more read ahead.
    expect(f.calls.length).toBeLessThanOrEqual(2);
    stream.destroy();
  });

  it('fails when a chunk is missing (the file was deleted while it streamed)', async () => {
    const stream = chunkReadStream(async (seq) => (seq < 2 ? Buffer.alloc(CHUNK, 1) : null), {
      chunkSize: CHUNK,
      start: 0,
      end: CHUNK * 4 - 1,
    });
    await expect(collect(stream)).rejects.toThrow(/missing/);
  });
});

describe('ChunkWriter', () => {
  it('cuts any sequence of pieces into full chunks and one short last chunk, without ever holding more', async () => {
    const written: Array<[number, Buffer]> = [];
    const writer = new ChunkWriter(CHUNK, async (seq, data) => {
      written.push([seq, Buffer.from(data)]);
    });
    const source = Buffer.from(Array.from({ length: 61 }, (_, i) => i));
    for (const size of [3, 1, 20, 5, 8, 24]) {
      const offset = written.reduce((s, [, d]) => s + d.length, 0) + writer.buffered;
      await writer.write(source.subarray(offset, offset + size));
      expect(writer.buffered).toBeLessThan(CHUNK);
    }
    await writer.end();
    expect(written.map(([seq]) => seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(written.slice(0, -1).every(([, d]) => d.length === CHUNK)).toBe(true);
    expect(Buffer.concat(written.map(([, d]) => d)).equals(source)).toBe(true);
    expect(writer.size).toBe(61);
  });
});

describe('parseRange', () => {
  it.each([
    ['bytes=0-99', 1000, { start: 0, end: 99 }],
    ['bytes=10-', 1000, { start: 10, end: 999 }],
    ['bytes=-100', 1000, { start: 900, end: 999 }],
    ['bytes=-5000', 1000, { start: 0, end: 999 }],
    ['bytes=990-5000', 1000, { start: 990, end: 999 }],
    [' bytes = 1 - 2 ', 1000, { start: 1, end: 2 }],
    ['bytes=1000-', 1000, 'unsatisfiable'],
    ['bytes=-0', 1000, 'unsatisfiable'],
    ['bytes=5-1', 1000, null],
    ['bytes=0-1,4-5', 1000, null],
    ['items=0-1', 1000, null],
    ['bytes=a-b', 1000, null],
    ['bytes=99999999999999999999-', 1000, null],
  ])('%s of %d bytes → %j', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});

describe('etagMatches', () => {
  it('matches a list, weak forms and *', () => {
    expect(etagMatches('"a"', '"a"')).toBe(true);
    expect(etagMatches('"x", W/"a"', '"a"')).toBe(true);
    expect(etagMatches('*', '"a"')).toBe(true);
    expect(etagMatches('"b"', '"a"')).toBe(false);
    expect(etagMatches(undefined, '"a"')).toBe(false);
  });
});
