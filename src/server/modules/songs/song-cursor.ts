/**
 * The opaque cursor of GET /api/songs: where the previous page ended in the catalogue's order (newest first:
 * created_at desc, id desc). It carries created_at in whole microseconds, as PostgreSQL stores it, so that
 * songs created in the same millisecond are neither skipped nor repeated.
 */
export interface SongCursor {
  /** created_at as microseconds since the Unix epoch (decimal text: beyond Number's exact range). */
  micros: string;
  id: number;
}

const PATTERN = /^v1:(-?\d{1,19}):(\d{1,10})$/;

export function encodeSongCursor(c: SongCursor): string {
  return Buffer.from(`v1:${c.micros}:${c.id}`, 'utf8').toString('base64url');
}

/** The cursor, or null when the text is not one this server made. */
export function decodeSongCursor(text: string): SongCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return null;
  const m = PATTERN.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!m) return null;
  const id = Number(m[2]);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  // Years 1 to 9999 only: anything else is not a timestamp PostgreSQL would have written.
  const micros = BigInt(m[1]);
  if (micros < -62_135_596_800_000_000n || micros > 253_402_300_799_999_999n) return null;
  return { micros: micros.toString(), id };
}
