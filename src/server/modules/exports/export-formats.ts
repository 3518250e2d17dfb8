/** Pure encoders for exported lists: M3U, CSV (formula-injection safe), JSON, YouTube play links, file names. */
import {
  YOUTUBE_QUEUE_LIMIT,
  type ExportDocument,
  type ExportSong,
  type YoutubeExport,
} from '../../../shared/schemas/export';

/** One line of text: control characters (newlines included) would break M3U and CSV rows. */
const oneLine = (s: string) => s.replace(/[\u0000-\u001F\u007F]+/g, ' ').trim();

/** An extended M3U playlist of the songs that have a YouTube video. */
export function toM3u(songs: ExportSong[]): string {
  const lines = ['#EXTM3U'];
  for (const s of songs) {
    if (!s.youtubeId) continue;
    lines.push(
      `#EXTINF:${s.duration ?? -1},${oneLine(s.artist)} - ${oneLine(s.title)}`,
      `https://www.youtube.com/watch?v=${s.youtubeId}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A CSV cell: quoted, quotes doubled; text a spreadsheet would run as a formula (= + - @, tab, carriage return
 * first) gets a leading apostrophe (OWASP's CSV injection advice).
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** RFC 4180 CSV (CRLF rows) with a UTF-8 byte order mark so that spreadsheets read accents right. */
export function toCsv(songs: ExportSong[]): string {
  const rows = [['title', 'artist', 'genre', 'upVotes', 'downVotes', 'link'].map(csvCell).join(',')];
  for (const s of songs) rows.push([s.title, s.artist, s.genre, s.upVotes, s.downVotes, s.link].map(csvCell).join(','));
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}

/** The JSON document. */
export function toJson(name: string, songs: ExportSong[], now: Date): string {
  const doc: ExportDocument = { name, exportedAt: now.toISOString(), totalSongs: songs.length, songs };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** YouTube anonymous play queues (watch_videos), split in parts of at most 50 videos, in list order. */
export function toYoutubeLinks(name: string, songs: ExportSong[]): YoutubeExport {
  const ids = songs.map((s) => s.youtubeId).filter((id): id is string => !!id);
  const links: YoutubeExport['links'] = [];
  for (let i = 0; i < ids.length; i += YOUTUBE_QUEUE_LIMIT) {
    const part = ids.slice(i, i + YOUTUBE_QUEUE_LIMIT);
    links.push({
      part: links.length + 1,
      url: `https://www.youtube.com/watch_videos?video_ids=${part.join(',')}`,
      songCount: part.length,
    });
  }
  return { name, playableSongs: ids.length, skippedSongs: songs.length - ids.length, links };
}

/** `crowdmix-<name>-<YYYY-MM-DD>.<ext>` with the name reduced to ASCII letters, digits and dashes. */
export function exportFileName(name: string, ext: string, now: Date): string {
  const slug = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `crowdmix-${slug || 'mix'}-${now.toISOString().slice(0, 10)}.${ext}`;
}
