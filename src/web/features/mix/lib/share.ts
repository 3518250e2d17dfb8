/** Pure parts of the share dialog: default texts, the share text, links and the download file name. */
import { formatHoursMinutes } from '@shared/duration';

export interface ShareTrack {
  title: string;
  artist: string;
}

/** 'Check out my mix of 12 songs on CrowdMix!' — the default description mentions the song count. */
export function defaultShareDescription(songCount: number): string {
  return `Check out this mix of ${songCount} ${songCount === 1 ? 'song' : 'songs'} on CrowdMix, voted by the community!`;
}

/** The text copied or posted: title, description, the first 3 tracks and the link. */
export function buildShareText(opts: {
  title: string;
  description: string;
  tracks: ShareTrack[];
  url: string;
}): string {
  const lines = [`🎵 ${opts.title.trim() || 'My CrowdMix'}`];
  if (opts.description.trim()) lines.push(opts.description.trim());
  const top = opts.tracks.slice(0, 3);
  if (top.length) {
    lines.push('');
    top.forEach((t, i) => lines.push(`${i + 1}. ${t.title} - ${t.artist}`));
    if (opts.tracks.length > 3) lines.push(`...and ${opts.tracks.length - 3} more`);
  }
  lines.push('', `Listen and vote: ${opts.url}`, '#CrowdMix #ForTheLoveOfMusic');
  return lines.join('\n');
}

/** The absolute link of a mix: the site root for the global mix, /venue/{id}/mix for a venue. */
export function shareUrl(origin: string, venueId?: number | null): string {
  return venueId ? `${origin}/venue/${venueId}/mix` : `${origin}/`;
}

/** X and Facebook share pages for a text and a link. */
export function socialShareUrl(network: 'x' | 'facebook', text: string, url: string): string {
  if (network === 'x')
    return `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`;
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}&quote=${encodeURIComponent(text)}`;
}

/** 'Friday Night Mix!' → 'friday-night-mix.png'; nothing usable → 'crowdmix-mix.png'. */
export function downloadFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return `${slug || 'crowdmix-mix'}.png`;
}

/** The summary line of a mix: '12 tracks • 1h 5m'. */
export function mixSummary(count: number, seconds: number): string {
  return `${count} ${count === 1 ? 'track' : 'tracks'} • ${formatHoursMinutes(seconds)}`;
}
