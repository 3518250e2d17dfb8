/** Exporting a mix or a community playlist: M3U, CSV, JSON files or YouTube play links. */
import { z } from 'zod';

export const EXPORT_FORMATS = ['m3u', 'csv', 'json', 'youtube'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** YouTube's anonymous play queue (watch_videos) takes at most this many ids; longer lists are split in parts. */
export const YOUTUBE_QUEUE_LIMIT = 50;

export const ExportQuerySchema = z.strictObject({
  format: z.enum(EXPORT_FORMATS, { message: 'format must be one of m3u, csv, json, youtube' }),
});

export const ExportSongSchema = z.object({
  position: z.number().int(),
  title: z.string(),
  artist: z.string(),
  genre: z.string().nullable(),
  upVotes: z.number().int(),
  downVotes: z.number().int(),
  duration: z.number().int().nullable(),
  youtubeId: z.string().nullable(),
  /** The YouTube watch URL, or the sheet's address for a PDF song; null when neither exists. */
  link: z.string().nullable(),
});
export type ExportSong = z.infer<typeof ExportSongSchema>;

/** The JSON file. */
export const ExportDocumentSchema = z.object({
  name: z.string(),
  exportedAt: z.string(),
  totalSongs: z.number().int(),
  songs: z.array(ExportSongSchema),
});
export type ExportDocument = z.infer<typeof ExportDocumentSchema>;

/** format=youtube: one play link per part of at most 50 playable songs. */
export const YoutubeExportSchema = z.object({
  name: z.string(),
  playableSongs: z.number().int(),
  skippedSongs: z.number().int(),
  links: z.array(z.object({ part: z.number().int(), url: z.string(), songCount: z.number().int() })),
});
export type YoutubeExport = z.infer<typeof YoutubeExportSchema>;
