/** Songs: the catalogue, uploads (YouTube links and PDFs), deletion and PDF delivery. */
import {
  attributesFromForm,
  UploadSongFieldsSchema,
  type SongAttributes,
  type SongPage,
} from '../../../shared/schemas/song';
import { parseYouTubeId, youtubeThumbnail, youtubeWatchUrl } from '../../../shared/youtube';
import type { AppDeps } from '../../deps';
import type { Db, DbOrTx } from '../../db/client';
import {
  badRequest,
  conflict,
  forbidden,
  isUniqueViolation,
  notFound,
  payloadTooLarge,
  unsupportedMediaType,
} from '../../lib/http-errors';
import type { TurnGate } from '../../lib/turn-gate';
import { CHUNK_SIZE, ChunkWriter, chunkReadStream } from './file-stream';
import { decodeSongCursor, encodeSongCursor } from './song-cursor';
import { presentSong } from './songs.presenter';
import * as repo from './songs.repository';
import { lockVotesBeforeSongDeletion } from '../votes/votes.service';

/** Every PDF starts with these bytes, whatever the file is called. */
const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

/** What the upload route hands over: the form's text fields and the file, stored as it streamed in, if one was sent. */
export interface UploadInput {
  fields: Record<string, string>;
  file: StoredUpload | null;
}

/** An uploaded file after it streamed in: its chunks wait in a pending file row until the song is stored. */
export interface StoredUpload {
  /** The pending file holding the chunks; null when nothing was kept (empty, not a PDF, too large). */
  fileId: number | null;
  size: number;
  tooLarge: boolean;
  notPdf: boolean;
}

/** An upload that never finished (the process stopped meanwhile) is dropped after a day. */
const PENDING_FILE_TTL_MS = 24 * 3_600_000;

/**
 * Streams an uploaded file into chunk rows of CHUNK_SIZE, one insert per chunk, each awaited before more of the
 * request is read (backpressure): the upload never sits in memory. The first bytes decide: what does not start
 * like a PDF, or goes past the size limit (`source.truncated`), is read to its end but not kept.
 */
export async function storeUpload(db: Db, gate: TurnGate, source: AsyncIterable<Buffer> & { truncated?: boolean }) {
  await repo.deleteStalePendingFiles(db, new Date(Date.now() - PENDING_FILE_TTL_MS));
  let fileId: number | null = null;
  let head = Buffer.alloc(0);
  let notPdf = false;
  let size = 0;
  const writer = new ChunkWriter(CHUNK_SIZE, async (seq, data) => {
    fileId ??= await repo.createPendingFile(db, CHUNK_SIZE);
    const id = fileId;
    await gate.run(() => repo.insertChunk(db, id, seq, data));
  });
  try {
    for await (const piece of source) {
      size += piece.length;
      if (notPdf || source.truncated) continue; // read on, keep nothing
      if (head.length < PDF_MAGIC.length) {
        head = Buffer.concat([head, piece.subarray(0, PDF_MAGIC.length - head.length)]);
        if (head.length === PDF_MAGIC.length && !head.equals(PDF_MAGIC)) notPdf = true;
      }
      if (!notPdf) await writer.write(piece);
    }
    if (head.length < PDF_MAGIC.length) notPdf = true;
    const tooLarge = Boolean(source.truncated);
    if (!notPdf && !tooLarge) await writer.end();
    const stored: StoredUpload = { fileId, size, tooLarge, notPdf };
    if (notPdf || tooLarge) await discardUpload(db, stored);
    return stored;
  } catch (err) {
    if (fileId !== null) await repo.deleteFile(db, fileId).catch(() => {});
    throw err;
  }
}

/** Drops the chunks of an upload that will not become a song. */
export async function discardUpload(db: Db, file: StoredUpload | null) {
  if (file?.fileId == null) return;
  const id = file.fileId;
  file.fileId = null;
  await repo.deleteFile(db, id);
}

/**
 * One page of the catalogue newest first: public songs plus the viewer's own private ones, with global counts.
 * `cursor` is the previous page's `nextCursor`; a cursor this server did not make is refused (400).
 */
export async function listSongs(db: Db, viewerId: string | null, limit: number, cursor?: string): Promise<SongPage> {
  const after = cursor === undefined ? null : decodeSongCursor(cursor);
  if (cursor !== undefined && !after)
    throw badRequest('The cursor is not valid; start again from the first page', 'cursor');
  const rows = await repo.listVisibleSongs(db, viewerId, limit + 1, after);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    songs: page.map((r) => presentSong(r.song, r, r.userVote, r.uploaderName)),
    nextCursor: rows.length > limit && last ? encodeSongCursor({ micros: last.createdMicros, id: last.song.id }) : null,
  };
}

/** One song as the catalogue shows it (the Upload screen opens the song a duplicate upload names); 404 when hidden. */
export async function getSong(db: Db, viewerId: string | null, id: number) {
  const row = await repo.findVisibleSong(db, viewerId, id);
  if (!row) throw notFound('Song not found');
  return presentSong(row.song, row, row.userVote, row.uploaderName);
}

/** The caller's own uploads, private ones included. */
export async function listUserSongs(db: Db, userId: string) {
  const rows = await repo.listSongsByUploader(db, userId);
  return rows.map((r) => presentSong(r.song, r, r.userVote, r.uploaderName));
}

/** Announces a change to the catalogue; a private song's only to its owner, so that outsiders learn nothing of it. */
async function publishSongsChanged(
  deps: Pick<AppDeps, 'hub'>,
  song: { venueId: number | null; isPrivate: boolean; uploaderId: string },
) {
  await deps.hub.publish(
    { type: 'songs_changed', venueId: song.venueId },
    song.isPrivate ? { kind: 'users', userIds: [song.uploaderId] } : { kind: 'all' },
  );
}

export const MESSAGES = {
  venueClosed: 'This venue has been deactivated and no longer takes new songs',
  duplicate: 'This song is already on CrowdMix',
} as const;

/**
 * Runs `insert` — in a transaction that holds the venue's row (key share) and checks it is still active, when the
 * song goes into a venue — so that an upload racing the venue's deactivation either lands before it or is refused.
 */
async function insertIntoVenue<T>(db: Db, venueId: number | null, insert: (tx: DbOrTx) => Promise<T>): Promise<T> {
  if (venueId === null) return insert(db);
  return db.transaction(async (tx) => {
    if (!(await repo.lockOpenVenue(tx, venueId))) throw conflict(MESSAGES.venueClosed);
    return insert(tx);
  });
}

/** The 409 of a second public copy of a video, naming the song to vote for instead. */
const duplicateOf = (songId: number) => conflict(MESSAGES.duplicate, { songId });

/**
 * Validates an upload (spec section 5 messages), stores the song (a PDF's chunks are stored already; the song
 * takes them over in its transaction) and announces it. A deactivated venue takes no songs (409); a video already public on CrowdMix cannot be uploaded
 * publicly again (409 with its songId; the database's partial unique index decides between concurrent uploads).
 */
export async function uploadSong(deps: Pick<AppDeps, 'db' | 'hub' | 'config'>, uploaderId: string, input: UploadInput) {
  try {
    return await storeSong(deps, uploaderId, input);
  } finally {
    // Whatever was refused, the chunks of a file that did not become a song go (a no-op once it did).
    await discardUpload(deps.db, input.file);
  }
}

async function storeSong(deps: Pick<AppDeps, 'db' | 'hub' | 'config'>, uploaderId: string, input: UploadInput) {
  const parsed = UploadSongFieldsSchema.safeParse(input.fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(issue.message, issue.path.join('.') || undefined);
  }
  const f = parsed.data;
  const attrs = attributesFromForm(input.fields);
  if (!attrs.success) {
    const issue = attrs.error.issues[0];
    throw badRequest(issue.message, String(issue.path[0] ?? '') || undefined);
  }
  if (f.venueId !== null) {
    const state = await repo.venueState(deps.db, f.venueId);
    if (state === 'missing') throw notFound('Venue not found');
    if (state === 'inactive') throw conflict(MESSAGES.venueClosed);
  }
  const base = {
    title: f.title,
    artist: f.artist,
    genre: f.genre,
    duration: f.duration,
    uploaderId,
    venueId: f.venueId,
    isPrivate: f.isPrivate,
    // The optional attributes DJ Verse matches on (issue 18); not given = null.
    releaseYear: attrs.data.releaseYear ?? null,
    energy: attrs.data.energy ?? null,
    tempo: attrs.data.tempo ?? null,
    moods: attrs.data.moods ?? null,
    instrumental: attrs.data.instrumental ?? null,
    language: attrs.data.language ?? null,
  };

  let song;
  if (f.type === 'youtube') {
    const id = f.youtubeUrl ? parseYouTubeId(f.youtubeUrl) : null;
    if (!id) throw badRequest('Invalid video URL', 'youtubeUrl');
    if (!f.isPrivate) {
      const existing = await repo.findPublicSongByYoutubeId(deps.db, id);
      if (existing) throw duplicateOf(existing.id);
    }
    try {
      song = await insertIntoVenue(deps.db, f.venueId, (tx) =>
        repo.insertSong(tx, {
          ...base,
          youtubeId: id,
          youtubeUrl: youtubeWatchUrl(id),
          thumbnailUrl: youtubeThumbnail(id),
        }),
      );
    } catch (err) {
      // Two uploads of the same video at once: both passed the check above, the unique index let one through.
      if (!f.isPrivate && isUniqueViolation(err)) {
        const winner = await repo.findPublicSongByYoutubeId(deps.db, id);
        if (winner) throw duplicateOf(winner.id);
      }
      throw err;
    }
  } else {
    const file = input.file;
    if (!file) throw badRequest('Please select a PDF file to upload', 'file');
    const mb = Math.round((deps.config.maxUploadBytes / 1024 / 1024) * 100) / 100;
    if (file.tooLarge || file.size > deps.config.maxUploadBytes)
      throw payloadTooLarge(`The PDF is too large; the limit is ${mb} MB`);
    if (file.size === 0) throw badRequest('The selected file is empty', 'file');
    if (file.notPdf || file.fileId === null) {
      throw unsupportedMediaType('Only PDF files can be uploaded; this file is not a PDF');
    }
    const stored = { id: file.fileId, size: file.size };
    // A short transaction at the end: the bytes are already stored, the song and its file appear together.
    song = await deps.db.transaction(async (tx) => {
      if (f.venueId !== null && !(await repo.lockOpenVenue(tx, f.venueId))) throw conflict(MESSAGES.venueClosed);
      return repo.insertPdfSong(
        tx,
        { ...base, youtubeId: null, youtubeUrl: null, thumbnailUrl: null },
        stored,
        (fileId) => `/api/files/${fileId}`,
      );
    });
    file.fileId = null; // the song owns it now
  }
  await publishSongsChanged(deps, song);
  const named = await repo.findVisibleSong(deps.db, song.uploaderId, song.id);
  return presentSong(song, { upVotes: 0, downVotes: 0 }, null, named?.uploaderName ?? null);
}

/** The uploader removes their song with its votes, tallies and file. Others get 403 (404 for a private song they cannot see). */
export async function deleteSong(deps: Pick<AppDeps, 'db' | 'hub'>, userId: string, songId: number) {
  const song = await repo.findSong(deps.db, songId);
  if (!song || (song.isPrivate && song.uploaderId !== userId)) throw notFound('Song not found');
  if (song.uploaderId !== userId) throw forbidden('Only the uploader can delete this song');
  await deps.db.transaction(async (tx) => {
    await lockVotesBeforeSongDeletion(tx, songId);
    await repo.deleteSong(tx, songId);
  });
  await publishSongsChanged(deps, song);
}

/** A song's attributes for those who may see the song (a private song's only for its uploader, 404 otherwise). */
export async function getAttributes(db: Db, viewerId: string | null, songId: number) {
  const song = await repo.findSong(db, songId);
  if (!song || (song.isPrivate && song.uploaderId !== viewerId)) throw notFound('Song not found');
  return (await repo.findAttributes(db, songId))!;
}

/** Sets the optional attributes of the caller's own song (DJ Verse matches on them); 403 for others' songs. */
export async function updateAttributes(db: Db, userId: string, songId: number, attrs: SongAttributes) {
  const song = await repo.findSong(db, songId);
  if (!song || (song.isPrivate && song.uploaderId !== userId)) throw notFound('Song not found');
  if (song.uploaderId !== userId) throw forbidden('Only the uploader can change this song');
  return repo.updateAttributes(db, songId, attrs);
}

/** A stored PDF's facts (not its bytes), for its song's viewers: a private song's only for its owner (404 otherwise). */
export async function getFile(db: Db, viewerId: string | null, fileId: number) {
  const file = await repo.findFile(db, fileId);
  if (!file || (file.isPrivate && file.uploaderId !== viewerId)) throw notFound('File not found');
  return { ...file, etag: `"f${file.id}-${file.size}"` };
}

/** The bytes `start`..`end` of a file as a stream that reads one chunk per query as its reader takes them. */
export function streamFile(
  db: Db,
  gate: TurnGate,
  file: { id: number; chunkSize: number },
  start: number,
  end: number,
) {
  return chunkReadStream((seq) => gate.run(() => repo.readChunk(db, file.id, seq)), {
    chunkSize: file.chunkSize,
    start,
    end,
  });
}
