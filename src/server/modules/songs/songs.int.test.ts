import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { files, songs, voteTallies, votes } from '../../db/schema';
import { createSong, createUser, createVenue, createVote, fakeYoutubeId } from '../../../../test/helpers/factories';
import { multipartBody, samplePdf } from '../../../../test/helpers/multipart';
import { api, createTestApp, registerUser, type TestApp, type TestUser } from '../../../../test/helpers/test-app';

let t: TestApp;
let http: ReturnType<typeof api>;
let alice: TestUser;
let bob: TestUser;
/** Signs the validation cases, so that they do not use up Alice's upload allowance (30 per 30 minutes). */
let validator: TestUser;
const YT = 'dQw4w9WgXcQ';

beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
  alice = await registerUser(t.app, { firstName: 'Alice' });
  bob = await registerUser(t.app, { firstName: 'Bob' });
  validator = await registerUser(t.app, { firstName: 'Val' });
}, 120_000);
afterAll(async () => t?.close());

function upload(
  as: TestUser | null,
  fields: Record<string, string | string[]>,
  file?: Parameters<typeof multipartBody>[1],
  app = t.app,
) {
  const { payload, headers } = multipartBody(fields, file);
  return app.inject({
    method: 'POST',
    url: '/api/songs',
    payload,
    headers: { ...headers, ...(as ? { cookie: as.cookie } : {}) },
  });
}

describe('POST /api/songs (YouTube)', () => {
  it('stores a YouTube song with the id, canonical link and thumbnail derived from the link', async () => {
    const res = await upload(alice, {
      type: 'youtube',
      title: ' Never Gonna ',
      artist: 'Rick',
      genre: 'Pop',
      youtubeUrl: `youtu.be/${YT}?si=abc`,
      venueId: 'global',
      duration: '213',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Never Gonna',
      artist: 'Rick',
      genre: 'Pop',
      youtubeId: YT,
      youtubeUrl: `https://www.youtube.com/watch?v=${YT}`,
      thumbnailUrl: `https://i.ytimg.com/vi/${YT}/hqdefault.jpg`,
      pdfUrl: null,
      duration: 213,
      uploaderId: alice.id,
      venueId: null,
      isPrivate: false,
      upVotes: 0,
      downVotes: 0,
      userVote: null,
    });
  });

  it.each([
    [{ type: 'youtube', artist: 'A', youtubeUrl: `https://youtu.be/${YT}` }, 'Title is required', 'title'],
    [
      { type: 'youtube', title: '   ', artist: 'A', youtubeUrl: `https://youtu.be/${YT}` },
      'Title is required',
      'title',
    ],
    [{ type: 'youtube', title: 'T', youtubeUrl: `https://youtu.be/${YT}` }, 'Artist is required', 'artist'],
    [{ type: 'youtube', title: 'T', artist: '', youtubeUrl: `https://youtu.be/${YT}` }, 'Artist is required', 'artist'],
    [{ type: 'youtube', title: 'T', artist: 'A' }, 'Invalid video URL', 'youtubeUrl'],
    [
      { type: 'youtube', title: 'T', artist: 'A', youtubeUrl: 'https://evil.example/watch?v=dQw4w9WgXcQ' },
      'Invalid video URL',
      'youtubeUrl',
    ],
    [
      { type: 'youtube', title: 'T', artist: 'A', youtubeUrl: 'https://youtu.be/short' },
      'Invalid video URL',
      'youtubeUrl',
    ],
    [{ type: 'pdf', title: 'T', artist: 'A' }, 'Please select a PDF file to upload', 'file'],
    [{ type: 'mp3', title: 'T', artist: 'A' }, "type must be 'youtube' or 'pdf'", 'type'],
    [{ title: 'T', artist: 'A' }, "type must be 'youtube' or 'pdf'", 'type'],
    [
      { type: 'youtube', title: 'T'.repeat(201), artist: 'A', youtubeUrl: `https://youtu.be/${YT}` },
      'Title must be at most 200 characters',
      'title',
    ],
    [
      { type: 'youtube', title: 'T\u0000', artist: 'A', youtubeUrl: `https://youtu.be/${YT}` },
      'Title contains characters that are not allowed',
      'title',
    ],
    [
      { type: 'youtube', title: 'T', artist: 'A', youtubeUrl: `https://youtu.be/${YT}`, venueId: 'abc' },
      'Choose a venue from the list',
      'venueId',
    ],
    [
      { type: 'youtube', title: 'T', artist: 'A', youtubeUrl: `https://youtu.be/${YT}`, isPrivate: 'maybe' },
      'isPrivate must be true or false',
      'isPrivate',
    ],
    [
      { type: 'youtube', title: 'T', artist: 'A', youtubeUrl: `https://youtu.be/${YT}`, duration: '-5' },
      'Duration must be a whole number of seconds',
      'duration',
    ],
    [
      { type: 'youtube', title: 'T', artist: 'A', youtubeUrl: `https://youtu.be/${YT}`, duration: 'x'.repeat(3000) },
      'duration is too long',
      'duration',
    ],
    [
      { type: 'youtube', title: ['T', 'U'], artist: 'A', youtubeUrl: `https://youtu.be/${YT}` },
      'title was sent more than once',
      'title',
    ],
  ])('refuses bad fields with a 400 and the message %#', async (fields, message, field) => {
    const before = await t.database.db.$count(songs);
    const res = await upload(validator, fields as Record<string, string>);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'VALIDATION', field });
    expect(await t.database.db.$count(songs)).toBe(before);
  });

  it('ignores unknown fields such as uploaderId or upVotes (no mass assignment)', async () => {
    const res = await upload(alice, {
      type: 'youtube',
      title: 'T',
      artist: 'A',
      // A video of its own: a second public upload of YT would be a duplicate (409), which is not this test's point.
      youtubeUrl: `https://youtu.be/${fakeYoutubeId()}`,
      uploaderId: bob.id,
      upVotes: '99',
      id: '1',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ uploaderId: alice.id, upVotes: 0 });
  });

  it('stores the optional attributes given with the upload (issue 18), in the same insert', async () => {
    const res = await upload(alice, {
      type: 'youtube',
      title: 'Attributed',
      artist: 'A',
      youtubeUrl: `https://youtu.be/${fakeYoutubeId()}`,
      releaseYear: '1994',
      energy: '2',
      tempo: 'slow',
      moods: 'chill,focus',
      instrumental: 'true',
      language: 'en',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db.select().from(songs).where(eq(songs.id, res.json().id));
    expect(row).toMatchObject({
      releaseYear: 1994,
      energy: 2,
      tempo: 'slow',
      moods: ['chill', 'focus'],
      instrumental: true,
      language: 'en',
    });
    // Left empty: not given.
    const plain = await upload(alice, {
      type: 'youtube',
      title: 'Plain',
      artist: 'A',
      youtubeUrl: `https://youtu.be/${fakeYoutubeId()}`,
      releaseYear: '',
      moods: '',
    });
    expect(plain.statusCode, plain.body).toBe(201);
    const [p] = await t.database.db.select().from(songs).where(eq(songs.id, plain.json().id));
    expect(p).toMatchObject({ releaseYear: null, energy: null, moods: null, instrumental: null });
  });

  it('refuses a bad attribute with 400 naming the field, and stores nothing', async () => {
    const before = await t.database.db.$count(songs);
    for (const [fields, message, field] of [
      [{ energy: '9' }, 'Energy must be a whole number from 1 to 5', 'energy'],
      [{ moods: 'chill,angry' }, 'Moods must be among:', 'moods'],
      [{ releaseYear: 'next year' }, 'Release year must be a year such as 1994', 'releaseYear'],
    ] as const) {
      const res = await upload(validator, {
        type: 'youtube',
        title: 'T',
        artist: 'A',
        youtubeUrl: `https://youtu.be/${fakeYoutubeId()}`,
        ...fields,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(message);
      expect(res.json().field).toBe(field);
    }
    expect(await t.database.db.$count(songs)).toBe(before);
  });

  it('requires a session (401) and a multipart body (415)', async () => {
    expect(
      (await upload(null, { type: 'youtube', title: 'T', artist: 'A', youtubeUrl: `https://youtu.be/${YT}` }))
        .statusCode,
    ).toBe(401);
    const json = await http.post('/api/songs', {
      as: alice,
      body: { type: 'youtube', title: 'T', artist: 'A', youtubeUrl: `https://youtu.be/${YT}` },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ message: 'Send the song as multipart/form-data', code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('accepts an existing venue and refuses an unknown one with 404', async () => {
    const venue = await createVenue(t.database.db, { ownerId: bob.id });
    const ok = await upload(alice, {
      type: 'youtube',
      title: 'T',
      artist: 'A',
      youtubeUrl: `https://youtu.be/${fakeYoutubeId()}`,
      venueId: String(venue.id),
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().venueId).toBe(venue.id);
    const missing = await upload(alice, {
      type: 'youtube',
      title: 'T',
      artist: 'A',
      youtubeUrl: `https://youtu.be/${YT}`,
      venueId: '999999',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Venue not found', code: 'NOT_FOUND' });
  });
});

describe('POST /api/songs (PDF) and GET /api/files/:id', () => {
  it('stores the bytes with the song and serves them with strict headers', async () => {
    const pdf = samplePdf();
    const res = await upload(alice, { type: 'pdf', title: 'Sheet', artist: 'Me' }, [
      { filename: 'sheet.pdf', content: pdf },
    ]);
    expect(res.statusCode).toBe(201);
    const song = res.json();
    expect(song).toMatchObject({
      youtubeId: null,
      youtubeUrl: null,
      thumbnailUrl: null,
      pdfUrl: expect.stringMatching(/^\/api\/files\/\d+$/),
    });
    const [file] = await t.database.db.select().from(files).where(eq(files.songId, song.id));
    expect(song.pdfUrl).toBe(`/api/files/${file.id}`);
    expect(file.size).toBe(pdf.length);

    const got = await http.get(song.pdfUrl);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(pdf)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-disposition']).toBe(`inline; filename="crowdmix-song-${song.id}.pdf"`);
    expect(got.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
  });

  it.each([
    ['a PNG', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)])],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>%PDF-1.4')],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>')],
    ['a PDF with leading bytes', Buffer.concat([Buffer.from(' '), samplePdf()])],
    ['four bytes', Buffer.from('%PDF')],
  ])('refuses %s named .pdf with 415', async (_label, content) => {
    const before = await t.database.db.$count(songs);
    const res = await upload(alice, { type: 'pdf', title: 'T', artist: 'A' }, [
      { filename: 'innocent.pdf', content, contentType: 'application/pdf' },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      message: 'Only PDF files can be uploaded; this file is not a PDF',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    expect(await t.database.db.$count(songs)).toBe(before);
  });

  it('refuses an empty file with 400', async () => {
    const res = await upload(alice, { type: 'pdf', title: 'T', artist: 'A' }, [
      { filename: 'empty.pdf', content: Buffer.alloc(0) },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The selected file is empty', code: 'VALIDATION', field: 'file' });
  });

  it('refuses two files', async () => {
    const res = await upload(alice, { type: 'pdf', title: 'T', artist: 'A' }, [
      { filename: 'a.pdf', content: samplePdf() },
      { filename: 'b.pdf', content: samplePdf() },
    ]);
    expect(res.statusCode).toBe(413);
  });

  it('never lets a hostile file name reach a header or the database', async () => {
    const hostile = '../../etc/passwd"; x=\u202Egpj.pdf\r\nX-Injected: 1';
    const res = await upload(alice, { type: 'pdf', title: 'T', artist: 'A' }, [
      { filename: hostile, content: samplePdf() },
    ]);
    expect(res.statusCode).toBe(201);
    const got = await http.get(res.json().pdfUrl);
    expect(got.headers['x-injected']).toBeUndefined();
    expect(JSON.stringify(got.headers)).not.toMatch(/passwd|\u202E|gpj/);
    expect(got.headers['content-disposition']).toBe(`inline; filename="crowdmix-song-${res.json().id}.pdf"`);
  });

  it("serves a private song's file only to its owner; unknown files are 404", async () => {
    const res = await upload(alice, { type: 'pdf', title: 'Secret', artist: 'A', isPrivate: 'true' }, [
      { filename: 's.pdf', content: samplePdf() },
    ]);
    expect(res.json().isPrivate).toBe(true);
    const url = res.json().pdfUrl;
    expect((await http.get(url, { as: alice })).statusCode).toBe(200);
    expect((await http.get(url, { as: alice })).headers['cache-control']).toBe('private, no-store');
    expect((await http.get(url, { as: bob })).statusCode).toBe(404);
    expect((await http.get(url)).statusCode).toBe(404);
    expect((await http.get('/api/files/99999999')).statusCode).toBe(404);
    expect((await http.get('/api/files/abc')).statusCode).toBe(400);
  });

  it('caps the size at MAX_UPLOAD_MB: the limit passes, one byte more is 413', async () => {
    const small = await createTestApp({ MAX_UPLOAD_MB: '0.01' });
    try {
      const limit = small.config.maxUploadBytes;
      const u = await registerUser(small.app);
      const pad = (n: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(n - 9, 0x20)]);
      const ok = await upload(
        u,
        { type: 'pdf', title: 'T', artist: 'A' },
        [{ filename: 'a.pdf', content: pad(limit) }],
        small.app,
      );
      expect(ok.statusCode).toBe(201);
      const over = await upload(
        u,
        { type: 'pdf', title: 'T', artist: 'A' },
        [{ filename: 'a.pdf', content: pad(limit + 1) }],
        small.app,
      );
      expect(over.statusCode).toBe(413);
      expect(over.json()).toEqual({ message: 'The PDF is too large; the limit is 0.01 MB', code: 'PAYLOAD_TOO_LARGE' });
      expect(await small.database.db.$count(songs)).toBe(1);
    } finally {
      await small.close();
    }
  });
});

type Listed = { id: number; upVotes: number; downVotes: number; userVote: string | null };

/** Every song GET /api/songs shows `as`, following the pages' cursors. */
async function wholeCatalogue(as?: TestUser): Promise<Listed[]> {
  const all: Listed[] = [];
  let cursor: string | null = null;
  do {
    const res = await http.get(`/api/songs?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { as });
    expect(res.statusCode).toBe(200);
    const page = res.json() as { songs: Listed[]; nextCursor: string | null };
    all.push(...page.songs);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

describe('GET /api/songs and /api/user/songs', () => {
  it("lists newest first with global counts and the caller's vote; private songs only for their owner", async () => {
    const db = t.database.db;
    const carol = await registerUser(t.app);
    const older = await createSong(db, { uploaderId: carol.id, createdAt: new Date(Date.now() - 60_000) });
    const newer = await createSong(db, { uploaderId: carol.id });
    const secret = await createSong(db, { uploaderId: carol.id, isPrivate: true, title: 'Carol secret' });
    await createVote(db, { songId: older.id, voteType: 'up' });
    await createVote(db, { songId: older.id, voteType: 'down' });
    await createVote(db, { songId: older.id, voteType: 'up', userId: bob.id });
    const venue = await createVenue(db);
    await createVote(db, { songId: older.id, voteType: 'up', venueId: venue.id });

    const asBob = await wholeCatalogue(bob);
    const ids = asBob.map((s) => s.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids).not.toContain(secret.id);
    expect(asBob.find((s) => s.id === older.id)).toMatchObject({ upVotes: 2, downVotes: 1, userVote: 'up' });
    const anon = await wholeCatalogue();
    expect(anon.map((s) => s.id)).not.toContain(secret.id);
    expect(anon.find((s) => s.id === older.id)!.userVote).toBeNull();
    const asCarol = await wholeCatalogue(carol);
    expect(asCarol.map((s) => s.id)).toContain(secret.id);

    const mine = await http.get('/api/user/songs', { as: carol });
    expect(mine.json().map((s: { id: number }) => s.id)).toEqual([secret.id, newer.id, older.id]);
    expect((await http.get('/api/user/songs')).statusCode).toBe(401);
    expect((await http.get('/api/songs?limit=1')).json().songs).toHaveLength(1);
    expect((await http.get('/api/songs?limit=0')).statusCode).toBe(400);
    expect((await http.get('/api/songs?limit=x')).statusCode).toBe(400);
  });
});

describe('DELETE /api/songs/:id', () => {
  it('lets the uploader delete a song with its votes, tallies and file; others get 403', async () => {
    const db = t.database.db;
    const res = await upload(alice, { type: 'pdf', title: 'Gone', artist: 'A' }, [
      { filename: 'a.pdf', content: samplePdf() },
    ]);
    const song = res.json();
    await createVote(db, { songId: song.id, voteType: 'up' });
    const forbidden = await http.delete(`/api/songs/${song.id}`, { as: bob });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'Only the uploader can delete this song', code: 'FORBIDDEN' });
    expect((await http.delete(`/api/songs/${song.id}`)).statusCode).toBe(401);
    expect((await http.delete(`/api/songs/${song.id}`, { as: alice })).statusCode).toBe(204);
    expect(await db.$count(songs, eq(songs.id, song.id))).toBe(0);
    expect(await db.$count(votes, eq(votes.songId, song.id))).toBe(0);
    expect(await db.$count(voteTallies, eq(voteTallies.songId, song.id))).toBe(0);
    expect(await db.$count(files, eq(files.songId, song.id))).toBe(0);
    expect((await http.get(song.pdfUrl)).statusCode).toBe(404);
    expect((await http.delete(`/api/songs/${song.id}`, { as: alice })).statusCode).toBe(404);
  });

  it("answers 404, not 403, for someone else's private song", async () => {
    const secret = await createSong(t.database.db, { uploaderId: alice.id, isPrivate: true });
    expect((await http.delete(`/api/songs/${secret.id}`, { as: bob })).statusCode).toBe(404);
  });
});

describe('upload rate limit', () => {
  it('allows 30 uploads per 30 minutes, then 429 with Retry-After', async () => {
    const u = await registerUser(t.app);
    for (let i = 0; i < 30; i++) {
      expect(
        (
          await upload(u, {
            type: 'youtube',
            title: `T${i}`,
            artist: 'A',
            youtubeUrl: `https://youtu.be/${fakeYoutubeId()}`,
          })
        ).statusCode,
      ).toBe(201);
    }
    const res = await upload(u, {
      type: 'youtube',
      title: 'T',
      artist: 'A',
      youtubeUrl: `https://youtu.be/${fakeYoutubeId()}`,
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('GET /api/songs/:id', () => {
  it("answers one song with its global counts and the caller's vote; a private one only for its uploader", async () => {
    const db = t.database.db;
    const song = await createSong(db, { uploaderId: alice.id });
    await createVote(db, { songId: song.id, voteType: 'up', userId: bob.id });
    await createVote(db, { songId: song.id, voteType: 'down' });
    const asBob = await http.get(`/api/songs/${song.id}`, { as: bob });
    expect(asBob.statusCode).toBe(200);
    expect(asBob.json()).toMatchObject({ id: song.id, upVotes: 1, downVotes: 1, userVote: 'up' });
    expect((await http.get(`/api/songs/${song.id}`)).json()).toMatchObject({ userVote: null });

    const hidden = await createSong(db, { uploaderId: alice.id, isPrivate: true });
    expect((await http.get(`/api/songs/${hidden.id}`, { as: alice })).statusCode).toBe(200);
    const unknown = await http.get('/api/songs/2147483000', { as: bob });
    for (const who of [bob, null]) {
      const res = await http.get(`/api/songs/${hidden.id}`, { as: who });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(unknown.json());
    }
    expect((await http.get('/api/songs/abc')).statusCode).toBe(400);
  });
});

describe('uploader names', () => {
  it('every song list names the uploader (first and last name), never only an id; null without a name', async () => {
    const named = await createUser(t.deps.db, { firstName: 'Maya', lastName: 'Rivera' });
    const nameless = await createUser(t.deps.db, { firstName: null, lastName: null });
    const a = await createSong(t.deps.db, { uploaderId: named.id, title: 'Uploader Names Alpha' });
    const b = await createSong(t.deps.db, { uploaderId: nameless.id, title: 'Uploader Names Beta' });
    const expected = { [a.id]: 'Maya Rivera', [b.id]: null } as Record<number, string | null>;
    type Listed = { id: number; uploaderName: string | null };
    const check = (list: Listed[], where: string) => {
      for (const id of [a.id, b.id]) {
        const song = list.find((s) => s.id === id);
        expect(song, `${where} lists song ${id}`).toBeDefined();
        expect(song!.uploaderName, where).toBe(expected[id]);
      }
    };
    check((await http.get('/api/songs?limit=100')).json().songs, 'catalogue');
    check((await http.get('/api/mix/global')).json().songs, 'Top 100');
    check((await http.get('/api/search?q=Uploader%20Names')).json().songs, 'search');
    expect((await http.get(`/api/songs/${a.id}`)).json().uploaderName).toBe('Maya Rivera');
    const res = await upload(alice, {
      type: 'youtube',
      title: 'Named Upload',
      artist: 'X',
      youtubeUrl: `https://youtu.be/${fakeYoutubeId()}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().uploaderName).toMatch(/^Alice/);
  });
});
