/** Exports: the songs of a mix or of a playlist's approved list, encoded in the asked format. */
import type { ExportFormat, ExportSong } from '../../../shared/schemas/export';
import type { Db } from '../../db/client';
import type { AppState } from '../../app-state';
import { getMix } from '../mixes/mixes.service';
import * as playlists from '../playlists/playlists.service';
import { exportFileName, toCsv, toJson, toM3u, toYoutubeLinks } from './export-formats';

export interface ExportList {
  name: string;
  songs: ExportSong[];
}

/** The file (or, for youtube, the JSON links) to send. */
export interface ExportResult {
  body: string;
  contentType: string;
  /** Null for youtube: the links are shown, not downloaded. */
  fileName: string | null;
}

const youtubeLink = (id: string) => `https://www.youtube.com/watch?v=${id}`;
const absolute = (origin: string, url: string) => (url.startsWith('/') ? `${origin}${url}` : url);

/** A mix in its current order (every song it holds); 404 for a missing venue. */
export async function mixList(
  state: Pick<AppState, 'mixes'>,
  venueId: number | null,
  origin: string,
): Promise<ExportList> {
  const mix = await getMix(state, venueId);
  return {
    name: mix.mixInfo.name,
    songs: mix.songs.map((s) => ({
      position: s.position,
      title: s.title,
      artist: s.artist,
      genre: s.genre,
      upVotes: s.upVotes,
      downVotes: s.downVotes,
      duration: s.duration,
      youtubeId: s.youtubeId,
      link: s.youtubeId ? youtubeLink(s.youtubeId) : s.pdfUrl ? absolute(origin, s.pdfUrl) : null,
    })),
  };
}

/** A playlist's approved songs in playlist order; private playlists only for members (404 otherwise, as reading). */
export async function playlistList(db: Db, id: number, viewerId: string | null): Promise<ExportList> {
  const playlist = await playlists.getPlaylist(db, id, viewerId);
  const entries = (await playlists.listSongs(db, id, viewerId)).filter((e) => e.status === 'approved');
  return {
    name: playlist.name,
    songs: entries.map((e, i) => ({
      position: e.position ?? i + 1,
      title: e.title,
      artist: e.artist,
      genre: e.genre,
      upVotes: e.upVotes,
      downVotes: e.downVotes,
      duration: e.duration,
      youtubeId: e.youtubeId,
      link: e.youtubeId ? youtubeLink(e.youtubeId) : null,
    })),
  };
}

/** Encodes a list in one format. */
export function encode(list: ExportList, format: ExportFormat, now = new Date()): ExportResult {
  switch (format) {
    case 'm3u':
      return {
        body: toM3u(list.songs),
        contentType: 'audio/x-mpegurl; charset=utf-8',
        fileName: exportFileName(list.name, 'm3u', now),
      };
    case 'csv':
      return {
        body: toCsv(list.songs),
        contentType: 'text/csv; charset=utf-8',
        fileName: exportFileName(list.name, 'csv', now),
      };
    case 'json':
      return {
        body: toJson(list.name, list.songs, now),
        contentType: 'application/json; charset=utf-8',
        fileName: exportFileName(list.name, 'json', now),
      };
    case 'youtube':
      return {
        body: JSON.stringify(toYoutubeLinks(list.name, list.songs)),
        contentType: 'application/json; charset=utf-8',
        fileName: null,
      };
  }
}
