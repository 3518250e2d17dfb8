/**
 * Issue 18: what listeners actually type. Each case is a request that failed before (negation, typos, other
 * languages, unknown names, song-level knowledge, list rules, personalisation, uninformative reasons).
 */
import { describe, expect, it } from 'vitest';
import { runEngine, type EngineResult } from './engine';
import { genreMatch, genreOf } from './scoring';
import { songId, testData, testSongs } from './test-catalogue';
import type { CoVotes, UserVote } from './types';

const titles = (r: EngineResult) => r.recommendations.map((c) => c.title);
const rockish = (genre: string | null) => genreMatch('rock', genreOf(genre)) >= 0.6;
const YEAR: Record<string, number> = Object.fromEntries(testSongs().map((s) => [s.title, s.year ?? 0]));

describe('negation scopes', () => {
  it.each(['anything but rock', 'something other than rock', 'music except rock', 'everything apart from rock'])(
    '"%s" plays no rock at all',
    (ask) => {
      const r = runEngine(ask, testData());
      expect(r.recommendations.length).toBeGreaterThanOrEqual(3);
      expect(r.recommendations.filter((c) => rockish(c.genre)).map((c) => c.title)).toEqual([]);
      expect(r.intent.excludedGenres).toContain('rock');
    },
  );

  it('"rock but not too loud" keeps rock and drops the loudest', () => {
    const r = runEngine('rock but not too loud', testData());
    expect(r.recommendations.length).toBeGreaterThan(0);
    for (const c of r.recommendations) expect(rockish(c.genre)).toBe(true);
    expect(titles(r)).not.toContain('Thunderstruck');
    expect(titles(r)).not.toContain('Enter Sandman');
  });
});

describe('typos and words it does not know', () => {
  it('"jaz" is jazz', () => {
    const r = runEngine('jaz', testData());
    expect(r.replyCase.kind).toBe('picks');
    expect(titles(r)[0]).toBe('Take Five');
  });

  it('"clasical piano" is classical piano', () => {
    const r = runEngine('clasical piano', testData());
    expect(r.recommendations.length).toBe(3);
    for (const c of r.recommendations) expect(c.genre).toBe('Classical');
  });

  it('"hiphop workout muzic" is hip hop for a workout', () => {
    const r = runEngine('hiphop workout muzic', testData());
    expect(r.replyCase.kind).toBe('picks');
    expect(titles(r)[0]).toBe('Lose Yourself');
  });

  it('"sngs lik coldpaly" is songs like Coldplay', () => {
    const r = runEngine('sngs lik coldpaly', testData());
    expect(r.intent.similar?.label).toBe('Coldplay');
    expect(r.replyCase.kind).toBe('picks');
    expect(r.recommendations.length).toBe(5);
  });

  it('"rok music" is rock', () => {
    const r = runEngine('rok music', testData());
    expect(r.intent.genres).toContain('rock');
    for (const c of r.recommendations) expect(rockish(c.genre)).toBe(true);
  });
});

describe('other languages', () => {
  it.each([
    [
      'recomiéndame canciones tranquilas para estudiar',
      'es',
      ['Clair de Lune', 'lofi hip hop radio — beats to relax/study to'],
    ],
    ['música latina para bailar', 'es', ['Despacito']],
    ['Ich möchte entspannte Musik zum Lesen', 'de', ['Clair de Lune']],
    ['Spiel mir etwas Rockmusik', 'de', ["Don't Stop Me Now"]],
    ['je veux de la musique douce pour dormir', 'fr', ['Clair de Lune']],
    ['quero músicas animadas para correr', 'pt', []],
  ])('"%s" is understood and answered in %s', (ask, lang, expected) => {
    const r = runEngine(ask, testData());
    expect(r.replyCase.kind).toBe('picks');
    expect(r.lang).toBe(lang);
    expect(r.message).not.toMatch(/encyclopedia|coming up|picks I/i);
    for (const t of expected) expect(titles(r)).toContain(t);
  });
});

describe("cards' reasons in the listener's language", () => {
  // Words that only the English phrasebook uses: a reason containing one was not translated.
  const ENGLISH = /\b(?:the|from|upvoted?|upvotes|listeners?|made for|as requested|crowd|mood|sound|track)\b/i;
  // Venue names, titles and artists stay as they are ("The Blue Note"): the language is judged without them.
  const data = testData();
  const names = [...data.venues.map((v) => v.name), ...data.songs.flatMap((s) => [s.title, s.artist])].sort(
    (a, b) => b.length - a.length,
  );
  const withoutNames = (text: string) => names.reduce((t, n) => t.split(n).join('·'), text);
  it.each([
    ['recomiéndame canciones tranquilas para estudiar', /\b(?:para|de|con|que|en|y)\b/],
    ['música latina para bailar', /\b(?:para|de|con|que|en|y)\b/],
    ['Ich möchte entspannte Musik zum Lesen', /\b(?:für|von|im|und|aus|der|den|du)\b/],
    ['Spiel mir etwas Rockmusik', /\b(?:für|von|im|und|aus|der|den|du|pur)\b/],
    ['je veux de la musique douce pour dormir', /\b(?:pour|de|du|des|et|le|la)\b/],
    ['quero músicas animadas para correr', /\b(?:para|de|do|da|no|na|e|em)\b/],
  ])('"%s": every reason is written in that language', (ask, native) => {
    const r = runEngine(ask, testData());
    expect(r.recommendations.length).toBeGreaterThan(0);
    for (const c of r.recommendations) {
      expect(withoutNames(c.reason)).not.toMatch(ENGLISH);
      expect(withoutNames(c.reason)).toMatch(native);
    }
  });

  it('an English request keeps the English wording', () => {
    const r = runEngine('chill jazz', testData());
    expect(r.recommendations.length).toBeGreaterThan(0);
    for (const c of r.recommendations) expect(withoutNames(c.reason)).toMatch(ENGLISH);
  });
});

it('"quero músicas animadas para correr" plays only high-energy songs', () => {
  const r = runEngine('quero músicas animadas para correr', testData());
  const energy = new Map(testSongs().map((s) => [s.title, s.energy ?? 0]));
  expect(r.recommendations.length).toBe(5);
  for (const c of r.recommendations) expect(energy.get(c.title)).toBeGreaterThanOrEqual(4);
});

describe('names the catalogue does not have', () => {
  it('"songs like Fleetwood Mac" says plainly it has no Fleetwood Mac and labels the near matches', () => {
    const r = runEngine('songs like Fleetwood Mac', testData());
    expect(r.message).toMatch(/no Fleetwood Mac|Fleetwood Mac (?:isn't|is not)/);
    expect(r.message).not.toMatch(/by the sound you described/);
    expect(r.recommendations.length).toBeGreaterThan(0);
    for (const c of r.recommendations) expect(c.reason).toMatch(/^Nearest match/);
  });

  it.each([
    ['songs by the Eagles', 'Eagles'],
    ['Hotel California', 'Hotel California'],
  ])('"%s" is not silently ignored', (ask, name) => {
    const r = runEngine(ask, testData());
    expect(r.message).toContain(name);
    expect(r.message).toMatch(/isn't|is not|don't have|no /);
  });

  it.each(['something like what I upvoted', "drinks I'd like to pick", 'songs I would like for tonight'])(
    '"%s" is not echoed back as a missing song',
    (ask) => {
      const r = runEngine(ask, testData());
      expect(r.message).not.toMatch(/isn't in our crates/);
      expect(r.intent.unknownRef).toBeNull();
    },
  );
});

describe('song-level knowledge', () => {
  it('running music has Eye of the Tiger and not Bohemian Rhapsody', () => {
    const r = runEngine('music for running', testData());
    expect(titles(r)).toContain('Eye of the Tiger');
    expect(titles(r)).not.toContain('Bohemian Rhapsody');
  });

  it('a romantic dinner has Perfect', () => {
    expect(titles(runEngine('romantic dinner music', testData()))).toContain('Perfect');
  });

  it('breakup songs have Someone Like You', () => {
    expect(titles(runEngine('breakup songs', testData()))).toContain('Someone Like You');
  });

  it('90s rock is 1990–1999 only', () => {
    const r = runEngine('90s rock', testData());
    expect(r.recommendations.length).toBeGreaterThanOrEqual(3);
    for (const c of r.recommendations) expect(YEAR[c.title]).toBeGreaterThanOrEqual(1990);
    for (const c of r.recommendations) expect(YEAR[c.title]).toBeLessThanOrEqual(1999);
  });

  it('the 2000s are 2000–2009 (no Paradise from 2011)', () => {
    const r = runEngine('songs from the 2000s', testData());
    expect(titles(r)).not.toContain('Paradise');
    for (const c of r.recommendations) expect(YEAR[c.title]).toBeGreaterThanOrEqual(2000);
    for (const c of r.recommendations) expect(YEAR[c.title]).toBeLessThanOrEqual(2009);
  });
});

describe('list rules', () => {
  it('"anything by Adele" returns every Adele song', () => {
    const r = runEngine('anything by Adele', testData());
    expect(titles(r).sort()).toEqual(['Hello', 'Someone Like You']);
  });

  it('"give me some metal" returns both metal songs', () => {
    const r = runEngine('give me some metal', testData());
    expect(titles(r)).toEqual(expect.arrayContaining(['Enter Sandman', 'Nothing Else Matters']));
  });

  it('"3 soul songs" is a count of three', () => {
    const r = runEngine('3 soul songs', testData());
    expect(r.intent.count).toBe(3);
    expect(r.recommendations).toHaveLength(3);
  });

  it('"top 100" is a chart, not a count', () => {
    const r = runEngine('what is hot in the top 100', testData());
    expect(r.intent.countGiven).toBe(false);
    expect(r.message).not.toMatch(/limit/);
    expect(r.recommendations).toHaveLength(5);
  });

  it('a second reply says "already shown", never "every track", and still has cards', () => {
    const first = runEngine('soul', testData());
    const history = [{ message: 'soul', songIds: first.recommendations.map((c) => c.songId) }];
    const second = runEngine('more', testData({ history }));
    expect(second.message).not.toMatch(/every/);
    expect(second.message).toMatch(/already/);
    const again = runEngine('soul', testData({ history }));
    expect(again.message).not.toMatch(/every/);
    expect(again.recommendations.length).toBeGreaterThan(0);
  });

  it('"chill jazz" twice still gives cards', () => {
    const first = runEngine('chill jazz', testData());
    const history = [{ message: 'chill jazz', songIds: first.recommendations.map((c) => c.songId) }];
    const second = runEngine('chill jazz', testData({ history }));
    expect(second.recommendations.length).toBeGreaterThan(0);
  });
});

describe('personalisation', () => {
  it('a downvote in one venue is not a global dislike', () => {
    const votes: UserVote[] = [
      { songId: songId('Despacito'), venueId: null, voteType: 'up' },
      { songId: songId('Despacito'), venueId: 6, voteType: 'down' },
      { songId: songId('lofi hip hop radio — beats to relax/study to'), venueId: 2, voteType: 'down' },
    ];
    const latin = runEngine('latin music', testData({ votes }));
    expect(titles(latin)).toContain('Despacito');
    expect(latin.message).not.toMatch(/voted down/);
    const study = runEngine('music to study to', testData({ votes }));
    expect(titles(study)).toContain('lofi hip hop radio — beats to relax/study to');
  });

  it('a listener with no votes is not told "from your votes" and is asked one question about taste', () => {
    const r = runEngine('recommend something', testData());
    expect(r.message).not.toMatch(/from your votes/);
    expect(r.message).toMatch(/\?/);
  });

  it('"upbeat" on a first turn is a mood, not a follow-up', () => {
    const r = runEngine('upbeat', testData());
    expect(r.intent.followUp).toBeNull();
    expect(r.intent.moods).toContain('upbeat');
  });
});

describe('reasons only when informative', () => {
  it('no "N listeners also upvoted" when N is everyone', () => {
    const songs = testSongs().map((s) => ({ ...s, up: 8, down: 0 }));
    const seed = songId('Yellow');
    const co: CoVotes = new Map([[seed, new Map(songs.filter((s) => s.id !== seed).map((s) => [s.id, 8]))]]);
    const r = runEngine('songs like Yellow', testData({ songs }), co);
    for (const c of r.recommendations) expect(c.reason).not.toMatch(/listeners? who upvoted/);
    const votes: UserVote[] = [{ songId: seed, venueId: null, voteType: 'up' }];
    const r2 = runEngine('pop', testData({ songs, votes }), co);
    for (const c of r2.recommendations) expect(c.reason).not.toMatch(/listeners? who upvoted/);
  });

  it('a private song is never placed in the global Top 100', () => {
    const songs = testSongs().map((s) =>
      s.title === 'Take Five' ? { ...s, isPrivate: true, uploaderId: 'listener', up: 3, down: 0 } : s,
    );
    const r = runEngine('jazz', testData({ songs }));
    const card = r.recommendations.find((c) => c.title === 'Take Five')!;
    expect(card).toBeDefined();
    expect(card.reason).not.toMatch(/Top 100/);
  });

  it('no "Pop, close to Reggae" for a genre the catalogue does not have', () => {
    const r = runEngine('reggae', testData());
    for (const c of r.recommendations) expect(c.reason).not.toMatch(/close to Reggae/);
  });
});
