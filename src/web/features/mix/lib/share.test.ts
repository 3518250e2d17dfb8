import { describe, expect, it } from 'vitest';
import {
  buildShareText,
  defaultShareDescription,
  downloadFileName,
  mixSummary,
  shareUrl,
  socialShareUrl,
} from './share';

const tracks = [
  { title: 'One', artist: 'A' },
  { title: 'Two', artist: 'B' },
  { title: 'Three', artist: 'C' },
  { title: 'Four', artist: 'D' },
];

describe('share helpers', () => {
  it('the default description mentions the song count', () => {
    expect(defaultShareDescription(12)).toContain('12 songs');
    expect(defaultShareDescription(1)).toContain('1 song ');
  });

  it('share text lists only the first 3 tracks and the link', () => {
    const text = buildShareText({ title: 'Friday', description: 'Loud', tracks, url: 'https://x.test/' });
    expect(text).toContain('1. One - A');
    expect(text).toContain('3. Three - C');
    expect(text).not.toContain('Four');
    expect(text).toContain('...and 1 more');
    expect(text).toContain('https://x.test/');
    expect(text.split('\n')[0]).toBe('🎵 Friday');
  });

  it('links: root for the global mix, /venue/{id}/mix for a venue', () => {
    expect(shareUrl('https://crowdmix.test')).toBe('https://crowdmix.test/');
    expect(shareUrl('https://crowdmix.test', 7)).toBe('https://crowdmix.test/venue/7/mix');
    expect(socialShareUrl('x', 'a b', 'https://c.test/')).toBe(
      'https://twitter.com/intent/tweet?text=a%20b&url=https%3A%2F%2Fc.test%2F',
    );
    expect(socialShareUrl('facebook', 't', 'https://c.test/')).toContain('sharer.php?u=https%3A%2F%2Fc.test%2F');
  });

  it('download names come from the title', () => {
    expect(downloadFileName('Friday Night Mix!')).toBe('friday-night-mix.png');
    expect(downloadFileName('Café Señor')).toBe('cafe-senor.png');
    expect(downloadFileName('../../etc')).toBe('etc.png');
    expect(downloadFileName('💜')).toBe('crowdmix-mix.png');
  });

  it('summaries count tracks and time', () => {
    expect(mixSummary(1, 200)).toBe('1 track • 3m');
    expect(mixSummary(20, 3900)).toBe('20 tracks • 1h 5m');
  });
});
