/**
 * Files move in chunks: an upload is cut into chunk rows as it arrives, a download reads one chunk row per query as
 * the socket takes it. Nothing here holds more than a chunk or two, whatever the size of the file (ADR 012).
 */
import { Readable } from 'node:stream';

/** Bytes per chunk row of a new file. Stored per file (`files.chunk_size`), so it could change for new files. */
export const CHUNK_SIZE = 256 * 1024;

/**
 * A stream of the bytes `start`..`end` (inclusive) of a chunked file. Each read asks `readChunk` for one chunk, and
 * the next read waits until the reader took it (highWaterMark of one chunk): a slow client holds the query loop
 * back instead of filling memory. A missing chunk (the file was deleted meanwhile) fails the stream.
 */
export function chunkReadStream(
  readChunk: (seq: number) => Promise<Uint8Array | null>,
  { chunkSize, start, end }: { chunkSize: number; start: number; end: number },
): Readable {
  let seq = Math.floor(start / chunkSize);
  const lastSeq = Math.floor(end / chunkSize);
  return new Readable({
    highWaterMark: chunkSize,
    read() {
      // Readable calls read() again only after a push: one query at a time.
      const current = seq++;
      readChunk(current).then(
        (data) => {
          if (this.destroyed) return;
          if (!data) return this.destroy(new Error(`file chunk ${current} is missing`));
          const offset = current * chunkSize;
          const from = Math.max(0, start - offset);
          const to = Math.min(data.byteLength, end - offset + 1);
          this.push(Buffer.from(data.buffer, data.byteOffset + from, Math.max(0, to - from)));
          if (current >= lastSeq) this.push(null);
        },
        (err: Error) => this.destroy(err),
      );
    },
  });
}

/**
 * Collects written pieces into chunks of exactly `chunkSize` bytes and hands each to `flush` (awaited, so the
 * caller's source waits for the database: backpressure); `end` flushes the short last chunk.
 */
export class ChunkWriter {
  private pieces: Buffer[] = [];
  /** Bytes waiting for a full chunk (always fewer than chunkSize between writes). */
  buffered = 0;
  /** Bytes written so far. */
  size = 0;
  private seq = 0;

  constructor(
    private readonly chunkSize: number,
    private readonly flush: (seq: number, data: Buffer) => Promise<void>,
  ) {}

  /** Adds a piece; flushes every chunk it completes. */
  async write(piece: Buffer) {
    this.pieces.push(piece);
    this.buffered += piece.length;
    this.size += piece.length;
    while (this.buffered >= this.chunkSize) {
      const all = Buffer.concat(this.pieces, this.buffered);
      // A copy, so the chunk does not keep the rest of `all` alive while the query runs.
      await this.flush(this.seq++, Buffer.from(all.subarray(0, this.chunkSize)));
      const rest = all.subarray(this.chunkSize);
      this.pieces = rest.length ? [rest] : [];
      this.buffered = rest.length;
    }
  }

  /** Flushes what is left as the last chunk. */
  async end() {
    if (this.buffered === 0) return;
    const last = Buffer.concat(this.pieces, this.buffered);
    this.pieces = [];
    this.buffered = 0;
    await this.flush(this.seq++, last);
  }
}

/**
 * The one byte range of a `Range` header, inclusive, clipped to the file; `'unsatisfiable'` when it starts past
 * the end (416); null when the header is not a single byte range this server answers (the whole file is sent,
 * as RFC 9110 allows).
 */
export function parseRange(header: string, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1].length > 15 || m[2].length > 15) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? Infinity : Number(m[2]);
  if (end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/** True when an `If-None-Match` header names `etag` (weak comparison, lists and `*`). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => bare(t) === bare(etag));
}
