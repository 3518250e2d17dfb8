/**
 * Files stream (issue 13, finding 2, and the file half of finding 11): a PDF is stored as chunk rows and sent one
 * chunk per query, so that no request holds a whole file or blocks the event loop for its length. Downloads answer
 * Range and If-None-Match; public files are revalidated (`no-cache`), private ones never stored by a cache; the
 * number of concurrent transfers per instance is bounded (503 with Retry-After past it).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/server/db/migrate';
import { fileChunks, files } from '../../src/server/db/schema';
import type { DbOrTx } from '../../src/server/db/client';
import { createSong, createUser } from '../helpers/factories';
import { multipartBody, samplePdf } from '../helpers/multipart';
import { createTestDatabase } from '../helpers/test-db';
import {
  api,
  createTestApp,
  eventually,
  listenOnLoopback,
  registerUser,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

const CHUNK = 256 * 1024;

let t: TestApp;
let http: ReturnType<typeof api>;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
  alice = await registerUser(t.app, { firstName: 'Alice' });
  bob = await registerUser(t.app, { firstName: 'Bob' });
}, 120_000);
afterAll(async () => t?.close());

/** A PDF header followed by `size - 9` random bytes: no two chunks alike, so a misplaced chunk shows. */
function bigPdf(size: number): Buffer {
  return Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(size - 9)]);
}

function upload(app: TestApp['app'], as: TestUser, fields: Record<string, string>, content: Buffer) {
  const { payload, headers } = multipartBody(fields, [{ filename: 'sheet.pdf', content }]);
  return app.inject({ method: 'POST', url: '/api/songs', payload, headers: { ...headers, cookie: as.cookie } });
}

/**
 * A stored file of `chunks` full chunks made in SQL (no upload, no buffer in this process): the large file that the
 * streaming tests download. Returns its URL and size.
 */
async function sqlFile(db: DbOrTx, chunks: number): Promise<{ url: string; size: number }> {
  const song = await createSong(db, { youtubeId: null, pdfUrl: '/api/files/0' });
  const size = chunks * CHUNK;
  const [file] = await db.insert(files).values({ songId: song.id, size }).returning({ id: files.id });
  await db.execute(sql`insert into file_chunks (file_id, seq, data)
    select ${file.id}, s, decode('255044462d' || repeat(lpad(to_hex(s % 256), 2, '0'), ${CHUNK - 5}), 'hex')
    from generate_series(0, ${chunks - 1}) as s`);
  return { url: `/api/files/${file.id}`, size };
}

const pendingFiles = async () =>
  (await t.database.db.select({ n: count() }).from(files).where(isNull(files.songId)))[0].n;
const chunkRows = async () => (await t.database.db.select({ n: count() }).from(fileChunks))[0].n;

describe('a multi-chunk PDF', () => {
  const size = 3 * 1024 * 1024 + 12_345;
  let pdf: Buffer;
  let url: string;
  let etag: string;

  beforeAll(async () => {
    pdf = bigPdf(size);
    const res = await upload(t.app, alice, { type: 'pdf', title: 'Big', artist: 'A' }, pdf);
    expect(res.statusCode).toBe(201);
    url = res.json().pdfUrl;
  });

  it('is stored as chunk rows of 256 KB and round-trips byte-exact', async () => {
    const id = Number(url.split('/').pop());
    const rows = await t.database.db
      .select({ seq: fileChunks.seq, len: sql<number>`octet_length(${fileChunks.data})::int` })
      .from(fileChunks)
      .where(eq(fileChunks.fileId, id))
      .orderBy(fileChunks.seq);
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: Math.ceil(size / CHUNK) }, (_, i) => i));
    expect(rows.slice(0, -1).every((r) => r.len === CHUNK)).toBe(true);
    expect(rows.reduce((s, r) => s + r.len, 0)).toBe(size);

    const got = await http.get(url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-length']).toBe(String(size));
    expect(got.headers['accept-ranges']).toBe('bytes');
    expect(got.rawPayload.equals(pdf)).toBe(true);
    etag = String(got.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
  });

  it.each([
    ['the first bytes', 'bytes=0-99', 0, 99],
    ['a middle across a chunk boundary', `bytes=${CHUNK - 50}-${2 * CHUNK + 49}`, CHUNK - 50, 2 * CHUNK + 49],
    ['a suffix', 'bytes=-100', size - 100, size - 1],
    ['an open end', `bytes=${size - 10}-`, size - 10, size - 1],
    ['an end past the file', `bytes=${size - 5}-${size + 1000}`, size - 5, size - 1],
  ])('answers a Range for %s with 206', async (_label, range, start, end) => {
    const res = await http.get(url, { headers: { range } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.equals(pdf.subarray(start, end + 1))).toBe(true);
  });

  it('answers an unsatisfiable Range with 416 and the size', async () => {
    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=-0']) {
      const res = await http.get(url, { headers: { range } });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${size}`);
      expect(res.body).toBe('{"message":"The requested range is not inside the file","code":"VALIDATION"}');
    }
  });

  it('ignores a Range it does not understand, or one for another version (If-Range), and sends the whole file', async () => {
    const cases: Record<string, string>[] = [
      { range: 'pages=1-2' },
      { range: 'bytes=0-1,5-6' },
      { range: 'bytes=0-9', 'if-range': '"old"' },
    ];
    for (const headers of cases) {
      const res = await http.get(url, { headers });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBe(size);
    }
    const matching = await http.get(url, { headers: { range: 'bytes=0-9', 'if-range': etag } });
    expect(matching.statusCode).toBe(206);
  });

  it('answers If-None-Match with 304 and no body while the file is unchanged', async () => {
    const res = await http.get(url, { headers: { 'if-none-match': etag } });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers.etag).toBe(etag);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect((await http.get(url, { headers: { 'if-none-match': `"other", ${etag}` } })).statusCode).toBe(304);
    expect((await http.get(url, { headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
  });
});

describe('cache headers and deletion', () => {
  it('revalidates a public file (no-cache + ETag) and keeps a private one out of every cache', async () => {
    const pub = await upload(t.app, alice, { type: 'pdf', title: 'Pub', artist: 'A' }, samplePdf());
    const got = await http.get(pub.json().pdfUrl);
    expect(got.headers['cache-control']).toBe('no-cache');
    expect(got.headers.etag).toBeTruthy();

    const priv = await upload(
      t.app,
      alice,
      { type: 'pdf', title: 'Priv', artist: 'A', isPrivate: 'true' },
      samplePdf(),
    );
    const mine = await http.get(priv.json().pdfUrl, { as: alice });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect((await http.get(priv.json().pdfUrl, { as: bob })).statusCode).toBe(404);
    expect((await http.get(priv.json().pdfUrl, { as: bob, headers: { range: 'bytes=0-9' } })).statusCode).toBe(404);
  });

  it('answers 404 for a deleted file, and its chunks are gone', async () => {
    const res = await upload(t.app, alice, { type: 'pdf', title: 'Gone', artist: 'A' }, bigPdf(CHUNK + 10));
    const url = res.json().pdfUrl;
    const id = Number(url.split('/').pop());
    expect((await http.get(url)).statusCode).toBe(200);
    const etag = String((await http.get(url)).headers.etag);
    expect((await http.delete(`/api/songs/${res.json().id}`, { as: alice })).statusCode).toBe(204);
    expect((await http.get(url)).statusCode).toBe(404);
    expect((await http.get(url, { headers: { 'if-none-match': etag } })).statusCode).toBe(404);
    expect(await t.database.db.$count(fileChunks, eq(fileChunks.fileId, id))).toBe(0);
  });

  it('leaves nothing behind when an upload is refused after its bytes were streamed', async () => {
    const before = await chunkRows();
    const notPdf = Buffer.concat([Buffer.from('<html>'), crypto.randomBytes(CHUNK * 2)]);
    const refused = await upload(t.app, alice, { type: 'pdf', title: 'X', artist: 'A' }, notPdf);
    expect(refused.statusCode).toBe(415);
    const badFields = await upload(t.app, alice, { type: 'pdf', title: '', artist: 'A' }, bigPdf(CHUNK * 2));
    expect(badFields.statusCode).toBe(400);
    const youtube = await upload(t.app, alice, { type: 'youtube', title: 'T', artist: 'A' }, bigPdf(CHUNK * 2));
    expect(youtube.statusCode).toBe(400);
    expect(await chunkRows()).toBe(before);
    expect(await pendingFiles()).toBe(0);
  });
});

describe('streaming over a real socket', () => {
  let base: string;
  let big: { url: string; size: number };

  beforeAll(async () => {
    base = await listenOnLoopback(t.app);
    // 16 MB: more than the loopback socket buffers hold, so the server must wait for the reader.
    big = await sqlFile(t.database.db, 64);
  });

  it('answers /livez while a large download is in flight, then delivers every byte', async () => {
    const res = await fetch(base + big.url);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let received = (await reader.read()).value!.length;
    expect(received).toBeLessThan(big.size);

    const live = await fetch(`${base}/livez`);
    expect(live.status).toBe(200);

    let ok = true;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // Every byte of chunk s but the first five (the PDF header) is s % 256.
      for (let i = 0; i < value.length; i += 4099) {
        const at = received + i;
        const seq = Math.floor(at / CHUNK);
        if (at % CHUNK >= 5 && value[i] !== seq % 256) ok = false;
      }
      received += value.length;
    }
    expect(ok).toBe(true);
    expect(received).toBe(big.size);
  });
});

describe('the bound on concurrent transfers', () => {
  let limited: TestApp;
  let base: string;
  let big: { url: string; size: number };
  let carol: TestUser;

  beforeAll(async () => {
    limited = await createTestApp({ FILE_TRANSFERS_MAX: '1' });
    base = await listenOnLoopback(limited.app);
    big = await sqlFile(limited.database.db, 64);
    carol = await registerUser(limited.app, { firstName: 'Carol' });
  }, 120_000);
  afterAll(async () => limited?.close());

  it('refuses a transfer past the limit with 503 and Retry-After, and frees the slot when a transfer ends', async () => {
    const first = await fetch(base + big.url);
    expect(first.status).toBe(200);
    const reader = first.body!.getReader();
    await reader.read(); // the first download is now streaming, waiting for its reader

    const second = await fetch(base + big.url);
    expect(second.status).toBe(503);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await second.json()).toEqual({
      message: 'The server is busy with other file transfers; try again in a few seconds',
      code: 'UNAVAILABLE',
    });
    const up = await upload(limited.app, carol, { type: 'pdf', title: 'T', artist: 'A' }, samplePdf());
    expect(up.statusCode).toBe(503);
    expect(up.headers['retry-after']).toBeTruthy();

    // A 304 and a HEAD move no bytes and need no slot.
    const etag = first.headers.get('etag')!;
    expect((await fetch(base + big.url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const head = await fetch(base + big.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(big.size));

    await reader.cancel(); // the client goes away mid-download: its slot comes back
    await eventually(async () =>
      expect((await fetch(base + big.url, { headers: { range: 'bytes=0-9' } })).status).toBe(206),
    );
    const later = await upload(limited.app, carol, { type: 'pdf', title: 'T', artist: 'A' }, samplePdf());
    expect(later.statusCode).toBe(201);
  });
});

/** The statements of the migration that moves files into chunks, found by its tag (the integrator may renumber it). */
function fileChunksMigration(): string[] {
  const folder = migrationsFolder();
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  const entry = journal.entries.find((e) => e.tag.endsWith('_file_chunks'));
  if (!entry) throw new Error('migration *_file_chunks not found in the journal');
  return fs
    .readFileSync(path.join(folder, `${entry.tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
}

describe('migration: files move from one bytea column into chunks', () => {
  it('cuts every stored file into 256 KB chunks in order and drops the old column', async () => {
    const own = await createTestDatabase();
    try {
      const db = own.db;
      // Back to the schema before the migration (what it created is dropped, what it dropped is put back).
      await db.execute(sql`drop table file_chunks`);
      await db.execute(sql`drop index files_pending_idx`);
      await db.execute(sql`alter table files drop constraint files_size_positive`);
      await db.execute(sql`alter table files drop constraint files_chunk_size_positive`);
      await db.execute(sql`alter table files drop column chunk_size`);
      await db.execute(sql`alter table files add column bytes bytea`);
      const uploader = await createUser(db);
      const sizes = [1, 9, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 777];
      const stored: { id: number; bytes: Buffer }[] = [];
      for (const n of sizes) {
        const song = await createSong(db, { youtubeId: null, pdfUrl: '/api/files/0', uploaderId: uploader.id });
        const bytes = crypto.randomBytes(n);
        const rows = (await db.execute(
          sql`insert into files (song_id, size, bytes) values (${song.id}, ${n}, ${bytes}) returning id`,
        )) as unknown as { rows: { id: number }[] };
        stored.push({ id: rows.rows[0].id, bytes });
      }
      await db.execute(sql`alter table files alter column song_id set not null`);
      await db.execute(sql`alter table files alter column bytes set not null`);
      await db.execute(sql`alter table files add constraint files_size_positive check (size > 0)`);

      await db.transaction(async (tx) => {
        for (const statement of fileChunksMigration()) await tx.execute(sql.raw(statement));
      });

      for (const { id, bytes } of stored) {
        const chunks = await db.select().from(fileChunks).where(eq(fileChunks.fileId, id)).orderBy(fileChunks.seq);
        expect(chunks.map((c) => c.seq)).toEqual(Array.from({ length: Math.ceil(bytes.length / CHUNK) }, (_, i) => i));
        expect(chunks.every((c) => c.data.byteLength <= CHUNK)).toBe(true);
        expect(Buffer.concat(chunks.map((c) => Buffer.from(c.data))).equals(bytes)).toBe(true);
        const [row] = await db.select().from(files).where(eq(files.id, id));
        expect(row).toMatchObject({ size: bytes.length, chunkSize: CHUNK });
      }
      const columns = (await db.execute(
        sql`select column_name from information_schema.columns where table_name = 'files' order by column_name`,
      )) as unknown as { rows: { column_name: string }[] };
      expect(columns.rows.map((r) => r.column_name)).not.toContain('bytes');
    } finally {
      await own.close();
    }
  });
});
