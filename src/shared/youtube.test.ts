import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isYouTubeId, parseYouTubeId, youtubeEmbedUrl, youtubeThumbnail, youtubeWatchUrl } from './youtube';

const ID = 'dQw4w9WgXcQ';

describe('parseYouTubeId', () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `http://www.youtube.com/watch?v=${ID}`,
    `www.youtube.com/watch?v=${ID}`,
    `youtube.com/watch?v=${ID}`,
    `//youtube.com/watch?v=${ID}`,
    `https://m.youtube.com/watch?v=${ID}`,
    `https://music.youtube.com/watch?v=${ID}&feature=share`,
    `https://www.youtube.com/watch?v=${ID}&t=42s&list=PL123&si=abc`,
    `https://www.youtube.com/watch?feature=youtu.be&v=${ID}`,
    `https://WWW.YouTube.com/watch?v=${ID}`,
    `https://youtu.be/${ID}`,
    `youtu.be/${ID}?si=xyz&t=10`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://youtube.com/shorts/${ID}?feature=share`,
    `https://www.youtube.com/embed/${ID}?autoplay=1`,
    `https://www.youtube.com/live/${ID}`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `youtube-nocookie.com/embed/${ID}`,
    `  https://youtu.be/${ID}  `,
    `https://www.youtube.com/watch/?v=${ID}`,
    `https://youtu.be/${ID}#t=30`,
  ])('accepts %s', (link) => {
    expect(parseYouTubeId(link)).toBe(ID);
  });

  it('accepts ids with - and _', () => {
    expect(parseYouTubeId('https://youtu.be/CvFH_6DNRCY')).toBe('CvFH_6DNRCY');
    expect(parseYouTubeId('https://youtu.be/CD-E-LDc384')).toBe('CD-E-LDc384');
  });

  it.each([
    '',
    '   ',
    'not a url',
    ID,
    `https://www.youtube.com/watch?v=${ID.slice(0, 10)}`,
    `https://www.youtube.com/watch?v=${ID}x`,
    `https://www.youtube.com/watch?v=${ID.slice(0, 10)}!`,
    `https://www.youtube.com/watch?v=${ID}&v=${ID}`,
    `https://www.youtube.com/watch`,
    `https://www.youtube.com/${ID}`,
    `https://www.youtube.com/channel/${ID}`,
    `https://www.youtube.com/shorts/${ID}/extra`,
    `https://youtu.be/${ID}/extra`,
    `https://youtu.be/`,
    `https://evil.com/watch?v=${ID}`,
    `https://youtube.com.evil.com/watch?v=${ID}`,
    `https://evilyoutube.com/watch?v=${ID}`,
    `https://youtube.com@evil.com/watch?v=${ID}`,
    `https://user:pass@youtube.com/watch?v=${ID}`,
    `https://youtube.com:8443/watch?v=${ID}`,
    `javascript:alert(1)//youtube.com/watch?v=${ID}`,
    `ftp://youtube.com/watch?v=${ID}`,
    `data:text/html,youtube.com/watch?v=${ID}`,
    `https://www.youtube-nocookie.com/watch?v=${ID}`,
    `https://you tube.com/watch?v=${ID}`,
    `https://www.youtube.com/wa\ntch?v=${ID}`,
    `https://www.youtube.com/watch?v=\t${ID}`,
    `https://www.youtube.com/watch?v=%3Cscript%3E`,
    'https://youtu.be/' + 'a'.repeat(600),
  ])('refuses %j', (link) => {
    expect(parseYouTubeId(link)).toBeNull();
  });

  it('builds clean URLs from an id', () => {
    expect(youtubeWatchUrl(ID)).toBe(`https://www.youtube.com/watch?v=${ID}`);
    expect(youtubeThumbnail(ID)).toBe(`https://i.ytimg.com/vi/${ID}/hqdefault.jpg`);
    expect(youtubeEmbedUrl(ID)).toBe(`https://www.youtube-nocookie.com/embed/${ID}?rel=0&playsinline=1`);
    expect(isYouTubeId(ID)).toBe(true);
    expect(isYouTubeId(`${ID}=`)).toBe(false);
  });
});

const idChar = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'.split(''));
const validId = fc.string({ unit: idChar, minLength: 11, maxLength: 11 });
const host = fc.constantFrom('youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com');
const scheme = fc.constantFrom('', 'https://', 'http://', '//');
const extra = fc.array(
  fc.tuple(fc.constantFrom('t', 'list', 'si', 'feature', 'index', 'pp'), fc.string({ unit: idChar, maxLength: 12 })),
  { maxLength: 3 },
);
const query = (pairs: [string, string][]) => pairs.map(([k, v]) => `&${k}=${v}`).join('');

/** Every accepted link must yield an id that is safe to put into an embed URL as is. */
function expectCleanResult(link: string) {
  const id = parseYouTubeId(link);
  if (id === null) return;
  expect(id).toMatch(/^[A-Za-z0-9_-]{11}$/);
  const embed = new URL(youtubeEmbedUrl(id));
  expect(embed.origin).toBe('https://www.youtube-nocookie.com');
  expect(embed.pathname).toBe(`/embed/${id}`);
  expect(youtubeEmbedUrl(id)).not.toMatch(/[<>"'\s\\]/);
}

/** Generous timeouts: thousands of runs on a shared, busy machine. */
describe('parseYouTubeId properties', () => {
  it('finds the id in every generated well-formed link', () => {
    fc.assert(
      fc.property(
        validId,
        scheme,
        host,
        extra,
        fc.constantFrom('watch', 'short', 'shorts', 'embed', 'live', 'nocookie'),
        (id, s, h, params, form) => {
          const q = query(params);
          const link =
            form === 'watch'
              ? `${s}${h}/watch?v=${id}${q}`
              : form === 'short'
                ? `${s}youtu.be/${id}${q ? `?${q.slice(1)}` : ''}`
                : form === 'nocookie'
                  ? `${s}www.youtube-nocookie.com/embed/${id}`
                  : `${s}${h}/${form}/${id}${q ? `?${q.slice(1)}` : ''}`;
          expect(parseYouTubeId(link)).toBe(id);
        },
      ),
      { numRuns: 5_000 },
    );
  }, 60_000);

  it('never accepts an id of the wrong length or with other characters', () => {
    const badId = fc.oneof(
      fc.string({ unit: idChar, minLength: 0, maxLength: 10 }),
      fc.string({ unit: idChar, minLength: 12, maxLength: 20 }),
      fc
        .tuple(
          fc.string({ unit: idChar, minLength: 10, maxLength: 10 }),
          fc.constantFrom('!', '.', '~', '%20', '"', '<', '\u202e', 'é'),
        )
        .map(([a, b]) => a + b),
    );
    fc.assert(
      fc.property(badId, scheme, host, (id, s, h) => {
        expect(parseYouTubeId(`${s}${h}/watch?v=${id}`)).toBeNull();
        expect(parseYouTubeId(`${s}youtu.be/${id}`)).toBeNull();
      }),
      { numRuns: 3_000 },
    );
  }, 60_000);

  it('returns null or a clean id for arbitrary strings, never throws', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => expectCleanResult(s)),
      { numRuns: 10_000 },
    );
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (s) => expectCleanResult(s)),
      { numRuns: 3_000 },
    );
  }, 60_000);

  it('returns null or a clean id for mutations of valid links', () => {
    const mutated = fc
      .tuple(validId, fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), fc.nat(60))
      .map(([id, a, b, at]) => {
        const base = `https://www.youtube.com/watch?v=${id}`;
        const i = Math.min(at, base.length);
        return base.slice(0, i) + a + base.slice(i) + b;
      });
    fc.assert(
      fc.property(mutated, (s) => expectCleanResult(s)),
      { numRuns: 5_000 },
    );
  }, 60_000);

  it('refuses hosts outside the allow-list', () => {
    const other = fc
      .domain()
      .filter((d) => !/(^|\.)(youtube\.com|youtu\.be|youtube-nocookie\.com)$/.test(d.toLowerCase()));
    fc.assert(
      fc.property(other, validId, (d, id) => {
        expect(parseYouTubeId(`https://${d}/watch?v=${id}`)).toBeNull();
        expect(parseYouTubeId(`${d}/embed/${id}`)).toBeNull();
      }),
      { numRuns: 2_000 },
    );
  }, 60_000);
});
