/**
 * POST /api/songs (multipart). Sent with XMLHttpRequest so the progress bar shows the real upload progress;
 * failures become the same ApiError as every other call.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Song } from '@shared/schemas/song';
import { ApiError } from '../../../lib/api-client';
import { invalidateSongLists } from '../../mix';

export interface UploadSongInput {
  type: 'youtube' | 'pdf';
  title: string;
  artist: string;
  genre: string;
  youtubeUrl?: string;
  file?: File | null;
  /** 'global' or a venue id. */
  venueId: string;
  isPrivate: boolean;
  /** Seconds, when the uploader gave a length. */
  duration?: number | null;
  /** The optional attributes as form fields (releaseYear, energy, tempo, moods, instrumental, language). */
  details?: Record<string, string>;
}

/** Builds the multipart body the spec names (type, title, artist, genre, youtubeUrl, venueId, isPrivate, file). */
export function uploadFormData(input: UploadSongInput): FormData {
  const fd = new FormData();
  fd.append('type', input.type);
  fd.append('title', input.title);
  fd.append('artist', input.artist);
  fd.append('genre', input.genre);
  fd.append('venueId', input.venueId || 'global');
  fd.append('isPrivate', input.isPrivate ? 'true' : 'false');
  if (input.duration) fd.append('duration', String(input.duration));
  if (input.type === 'youtube') fd.append('youtubeUrl', input.youtubeUrl ?? '');
  for (const [name, value] of Object.entries(input.details ?? {})) if (value) fd.append(name, value);
  // The file goes last so the server has read every field before the bytes arrive.
  if (input.type === 'pdf' && input.file) fd.append('file', input.file, input.file.name);
  return fd;
}

/** Uploads and reports progress as 0–100. */
export function uploadSong(input: UploadSongInput, onProgress?: (percent: number) => void): Promise<Song> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/songs');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        try {
          resolve(JSON.parse(xhr.responseText) as Song);
        } catch {
          resolve(undefined as unknown as Song);
        }
        return;
      }
      const retry = Number(xhr.getResponseHeader('retry-after'));
      reject(
        new ApiError(
          xhr.status,
          xhr.responseText,
          xhr.statusText,
          Number.isFinite(retry) && retry > 0 ? retry : undefined,
        ),
      );
    };
    xhr.onerror = () => reject(new Error('Network error: the upload did not reach the server.'));
    xhr.onabort = () => reject(new Error('The upload was cancelled.'));
    xhr.send(uploadFormData(input));
  });
}

/** The upload mutation; on success the song lists, the global mix and the chosen venue's mix refresh. */
export function useUploadSong(onProgress: (percent: number) => void) {
  const qc = useQueryClient();
  return useMutation({
    // The upload form explains a 401 in its own words before going to sign-in.
    meta: { handlesUnauthorized: true },
    mutationFn: (input: UploadSongInput) => uploadSong(input, onProgress),
    onSuccess: (_song, input) =>
      invalidateSongLists(qc, { venueId: input.venueId && input.venueId !== 'global' ? Number(input.venueId) : null }),
  });
}
