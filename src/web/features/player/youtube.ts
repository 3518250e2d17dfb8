/** Links and images of the video provider (see /shared/docs/youtube-notes.md). */

/** The provider's watch page for an id, for 'Open on YouTube'. */
export const youtubeWatchUrl = (id: string) => `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`;

/** A thumbnail that always exists (480×360). */
export const youtubeThumbnailUrl = (id: string) => `https://i.ytimg.com/vi/${encodeURIComponent(id)}/hqdefault.jpg`;
