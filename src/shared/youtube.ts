/**
 * YouTube links: parse the video id out of the forms people paste, and build the URLs the app uses.
 * Pure (no DOM, no node:*), shared by the upload form and the server. Parsing goes through `new URL()` and a
 * host allow-list rather than one regular expression, so that look-alike hosts and odd paths are refused.
 */

const ID = /^[A-Za-z0-9_-]{11}$/;

/** Hosts that serve YouTube watch pages, short links or embeds. */
const WATCH_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);
const SHORT_HOSTS = new Set(['youtu.be', 'www.youtu.be']);
const NOCOOKIE_HOSTS = new Set(['youtube-nocookie.com', 'www.youtube-nocookie.com']);

/** Path prefixes on youtube.com (and the nocookie host for /embed/) that carry the id as the next segment. */
const ID_PATHS = new Set(['shorts', 'embed', 'live', 'v']);

/** True when `id` has the shape of a YouTube video id: exactly 11 of [A-Za-z0-9_-]. */
export function isYouTubeId(id: string): boolean {
  return ID.test(id);
}

/**
 * The 11-character video id of a YouTube link, or null when the text is not one.
 * Accepts watch?v=, youtu.be/ID, /shorts/, /embed/, /live/ on youtube.com, www., m., music. and
 * youtube-nocookie.com, with or without a scheme and with extra parameters (t, list, si, …).
 */
export function parseYouTubeId(input: string): string | null {
  if (typeof input !== 'string') return null;
  const text = input.trim();
  if (!text || text.length > 500 || /\s/.test(text)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text.replace(/^\/\//, '')}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);

  let candidate: string | null | undefined;
  if (SHORT_HOSTS.has(host)) {
    candidate = segments.length === 1 ? segments[0] : null;
  } else if (WATCH_HOSTS.has(host)) {
    if (segments.length === 1 && segments[0] === 'watch') {
      const values = url.searchParams.getAll('v');
      candidate = values.length === 1 ? values[0] : null;
    } else if (segments.length === 2 && ID_PATHS.has(segments[0])) {
      candidate = segments[1];
    }
  } else if (NOCOOKIE_HOSTS.has(host)) {
    if (segments.length === 2 && segments[0] === 'embed') candidate = segments[1];
  }
  return candidate && ID.test(candidate) ? candidate : null;
}

/** The canonical watch page of a video id. */
export function youtubeWatchUrl(id: string): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`;
}

/** The 480×360 thumbnail, which always exists for a real video (maxresdefault may be a placeholder). */
export function youtubeThumbnail(id: string): string {
  return `https://i.ytimg.com/vi/${encodeURIComponent(id)}/hqdefault.jpg`;
}

/** The privacy-enhanced embed URL (nothing stored about the visitor until they press play). */
export function youtubeEmbedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?rel=0&playsinline=1`;
}
