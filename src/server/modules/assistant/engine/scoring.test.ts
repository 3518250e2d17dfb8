import { describe, expect, it } from 'vitest';
import { suggestAttributes } from './attribute-suggestions';
import { diversify } from './diversify';
import { runEngine } from './engine';
import { buildTaste, decadeOf, genreMatch, genreOf, neighbourFit, tasteFit, wilson } from './scoring';
import { primaryArtist } from './text';
import { songId, testData, testSongs } from './test-catalogue';

describe('wilson', () => {
  it('is 0 without votes, grows with evidence and stays below the raw share', () => {
    expect(wilson(0, 0)).toBe(0);
    expect(wilson(1, 0)).toBeLessThan(wilson(10, 0));
    expect(wilson(10, 0)).toBeLessThan(1);
    expect(wilson(8, 2)).toBeLessThan(0.8);
    expect(wilson(80, 20)).toBeGreaterThan(wilson(8, 2));
    expect(wilson(95, 5)).toBeCloseTo(0.888, 2);
  });
});

describe('genres', () => {
  it('maps free-text genres onto the tables', () => {
    expect(genreOf('Indie Folk').id).toBe('indie-folk');
    expect(genreOf('melodic indie folk').id).toBe('indie-folk');
    expect(genreOf('Hip Hop').id).toBe('hiphop');
    expect(genreOf('Polka Fusion').id).toBe('unknown');
    expect(genreOf(null).id).toBe('unknown');
  });

  it('scores a requested genre: same > sub-genre > sibling > unrelated', () => {
    expect(genreMatch('rock', genreOf('Rock'))).toBe(1);
    expect(genreMatch('rock', genreOf('Hard Rock'))).toBeGreaterThan(0.8);
    expect(genreMatch('indie', genreOf('Indie Folk'))).toBeGreaterThan(genreMatch('indie', genreOf('Britpop')));
    expect(genreMatch('jazz', genreOf('Metal'))).toBe(0);
  });

  it('knows decades from artists first, then genres', () => {
    expect(decadeOf({ artist: 'a-ha', genre: 'Synth-pop' })).toBe(1980);
    expect(decadeOf({ artist: 'Unknown Band', genre: 'Grunge' })).toBe(1990);
    expect(decadeOf({ artist: 'Unknown Band', genre: 'Pop' })).toBeNull();
  });
});

describe('taste and neighbours', () => {
  it('likes genres the user up-voted or uploaded and dislikes what they voted down', () => {
    const songs = testSongs();
    const taste = buildTaste(songs, 'listener', [
      { songId: songId('Faded'), venueId: null, voteType: 'up' },
      { songId: songId('Lean On'), venueId: 2, voteType: 'up' },
      { songId: songId('Enter Sandman'), venueId: null, voteType: 'down' },
    ]);
    expect(tasteFit(taste, genreOf('Electronic'))).toBeGreaterThan(0.6);
    expect(tasteFit(taste, genreOf('EDM'))).toBeGreaterThan(0.5);
    expect(tasteFit(taste, genreOf('Metal'))).toBeLessThan(0.5);
    expect(tasteFit(taste, genreOf('Jazz'))).toBe(0.5);
    expect(taste.downvoted.has(songId('Enter Sandman'))).toBe(true);
  });

  it('measures co-votes by lift over chance, with a minimum of shared listeners (issue 18)', () => {
    const co = new Map([
      [
        1,
        new Map([
          [2, 3],
          [3, 1],
          [4, 8],
        ]),
      ],
    ]);
    // 20 listeners; seed and song 2 have 4 up-voters each, 3 share both: lift 3·20/16 = 3.75.
    const upVoters = (id: number) => (id === 4 || id === 1 ? (id === 4 ? 8 : 4) : 4);
    const two = neighbourFit(2, [1], co, upVoters, 20);
    expect(two.seed).toBe(1);
    expect(two.shared).toBe(3);
    expect(two.lift).toBeCloseTo(3.75, 2);
    expect(two.score).toBe(1);
    // One shared listener is below the minimum: no evidence.
    expect(neighbourFit(3, [1], co, upVoters, 20).score).toBe(0);
    expect(neighbourFit(9, [1], co, upVoters, 20).score).toBe(0);
    // Everyone likes both: 8 shared of 8 listeners is chance, not closeness.
    const all = () => 8;
    expect(neighbourFit(4, [1], new Map([[1, new Map([[4, 8]])]]), all, 8).score).toBe(0);
  });
});

describe('diversify', () => {
  it('never puts two songs by one artist in a row while another artist is left', () => {
    const items = [
      { score: 0.9, song: { artist: 'Queen', genre: 'Rock' } },
      { score: 0.89, song: { artist: 'Queen', genre: 'Rock' } },
      { score: 0.5, song: { artist: 'AC/DC', genre: 'Rock' } },
    ];
    expect(diversify(items, 3).map((i) => i.song.artist)).toEqual(['Queen', 'AC/DC', 'Queen']);
    // Issue 18: when only that artist is left, they are played rather than the list cut short.
    expect(diversify(items.slice(0, 2), 2)).toHaveLength(2);
  });
});

describe('the engine', () => {
  it('puts stronger matches higher in confidence', () => {
    const r = runEngine('chill indie songs', testData());
    const byTitle = new Map(r.shortlist.map((s) => [s.song.title, s]));
    expect(byTitle.get('Riptide')!.confidence).toBeGreaterThan(byTitle.get('Mr. Brightside')!.confidence);
    expect(byTitle.get('Riptide')!.fits).toBe(true);
    // Pop is no answer to "indie": it may only appear on the shortlist as a non-fitting candidate.
    expect(byTitle.get('Shape of You')?.fits ?? false).toBe(false);
    expect(r.recommendations.map((c) => c.title)).not.toContain('Shape of You');
    const confidences = r.recommendations.map((c) => c.confidence);
    expect(confidences).toEqual([...confidences].sort((a, b) => b - a));
  });

  it('leaves out down-voted songs and earlier picks, and spreads artists', () => {
    const first = runEngine(
      'rock',
      testData({ votes: [{ songId: songId('Bohemian Rhapsody'), venueId: null, voteType: 'down' }] }),
    );
    const ids = first.recommendations.map((c) => c.songId);
    expect(ids).not.toContain(songId('Bohemian Rhapsody'));
    const second = runEngine('more', testData({ history: [{ message: 'rock', songIds: ids }] }));
    for (const c of second.recommendations) expect(ids).not.toContain(c.songId);
    const artists = second.recommendations.map((c) => primaryArtist(c.artist));
    artists.slice(1).forEach((a, i) => expect(a).not.toBe(artists[i]));
  });

  it('says so when the songs that fit were voted down by the listener, instead of calling the catalogue dry', () => {
    const plain = runEngine('jazz', testData());
    expect(plain.recommendations.map((c) => c.songId)).toContain(songId('Take Five'));
    expect(plain.message).not.toMatch(/voted down/);

    const disliked = runEngine(
      'jazz',
      testData({ votes: [{ songId: songId('Take Five'), venueId: null, voteType: 'down' }] }),
    );
    expect(disliked.recommendations.map((c) => c.songId)).not.toContain(songId('Take Five'));
    expect(disliked.message).toMatch(/you voted down/);
    expect(disliked.message).not.toMatch(/catalogue's dry/);
  });

  it('"something faster" raises the energy of the previous request', () => {
    const first = runEngine('indie', testData());
    const faster = runEngine(
      'something faster',
      testData({ history: [{ message: 'indie', songIds: first.recommendations.map((c) => c.songId) }] }),
    );
    const avg = (cards: { genre: string | null }[]) =>
      cards.reduce((a, c) => a + genreOf(c.genre).energy, 0) / cards.length;
    expect(faster.recommendations.length).toBeGreaterThan(0);
    expect(avg(faster.recommendations)).toBeGreaterThan(avg(first.recommendations));
  });

  it('names a venue rank when asked for a venue', () => {
    const r = runEngine('something for Neon Nights', testData());
    expect(r.recommendations[0].reason).toMatch(/#\d+ in Neon Nights' mix/);
  });
});

describe('attribute suggestions for the upload form', () => {
  it('suggest from the genre DJ Verse knows, typos and spellings included', () => {
    const metal = suggestAttributes('Heavy Metal');
    expect(metal.energy).toBeGreaterThanOrEqual(4);
    expect(metal.tempo).toBe('fast');
    const classical = suggestAttributes('classical');
    expect(classical).toMatchObject({ tempo: 'slow', instrumental: true });
    expect(classical.energy).toBeLessThanOrEqual(2);
    expect(classical.moods.length).toBeGreaterThan(0);
    expect(suggestAttributes('hiphop').genre).not.toBeNull();
  });

  it('suggest nothing for a genre it does not know', () => {
    expect(suggestAttributes('zzqx')).toEqual({
      genre: null,
      energy: null,
      tempo: null,
      moods: [],
      instrumental: null,
    });
    expect(suggestAttributes('')).toMatchObject({ genre: null });
  });
});
