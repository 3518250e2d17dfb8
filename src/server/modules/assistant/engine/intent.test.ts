import { describe, expect, it } from 'vitest';
import { indexCatalogue, parseCount, parseIntent } from './intent';
import { TEST_VENUES, testSongs } from './test-catalogue';

const cat = indexCatalogue(testSongs(), TEST_VENUES);
const parse = (m: string) => parseIntent(m, cat);

describe('parseIntent', () => {
  it('reads genres, preferring the longest phrase, and moods', () => {
    expect(parse('chill indie songs')).toMatchObject({ genres: ['indie'], moods: ['chill'] });
    expect(parse('some indie folk please').genres).toEqual(['indie-folk']);
    expect(parse('lo-fi beats to study to').genres).toContain('lofi');
    expect(parse('R&B and hip-hop').genres.sort()).toEqual(['hiphop', 'rnb']);
    expect(parse('sad songs').moods).toEqual(['melancholy']);
  });

  it('maps activities to moods and energy', () => {
    const w = parse('music for my workout');
    expect(w.activities.map((a) => a.id)).toEqual(['workout']);
    expect(w.energy?.min).toBeGreaterThanOrEqual(0.7);
    expect(parse('something for studying').activities[0].moods).toEqual(['focus']);
    expect(parse('dinner music').activities[0].moods).toEqual(['romantic', 'chill']);
    expect(parse('house party tunes').activities[0].id).toBe('party');
    expect(parse('house party tunes').genres).toEqual([]);
  });

  it('reads eras', () => {
    expect(parse('80s synth pop')).toMatchObject({ genres: ['synth-pop'], era: { from: 1980 } });
    expect(parse('90s rock').era?.label).toBe('the 90s');
    expect(parse('modern pop').era?.label).toBe('the modern era');
    expect(parse('classic rock')).toMatchObject({ genres: ['rock'], era: { label: 'the classics' } });
  });

  it('finds "similar to" artists and songs, tolerating typos, and outside artists by genre', () => {
    expect(parse('songs similar to Coldplay').similar).toMatchObject({ label: 'Coldplay', inCatalogue: true });
    expect(parse('something like coldpaly').similar?.label).toBe('Coldplay');
    expect(parse('tracks like Mr Brightside').similar?.label).toBe('Mr. Brightside');
    expect(parse('songs like Radiohead').similar).toMatchObject({
      inCatalogue: false,
      genres: ['alternative', 'indie'],
    });
    expect(parse('music like Zorblax Quintet').unknownRef).toBe('Zorblax Quintet');
  });

  it('reads an artist named without a cue, but not common words that are also titles', () => {
    expect(parse('queen songs').byArtist?.name).toBe('Queen');
    expect(parse('songs by adele').byArtist?.name).toBe('Adele');
    const happy = parse('happy songs');
    expect(happy.similar).toBeNull();
    expect(happy.moods).toEqual(['upbeat']);
  });

  it('reads named venues and venue types', () => {
    expect(parse('something for Neon Nights').venue?.name).toBe('Neon Nights');
    expect(parse('songs for the blue note').venue?.name).toBe('The Blue Note');
    expect(parse('music for a coffee shop').venueType).toBe('cafe');
    expect(parse('club bangers').moods).toContain('party');
  });

  it('reads counts, defaulting to 5 and capping at 10', () => {
    expect(parse('jazz').count).toBe(5);
    expect(parse('3 rock songs').count).toBe(3);
    expect(parse('give me ten chill tracks').count).toBe(10);
    expect(parse('25 songs for a party')).toMatchObject({ count: 10, countCapped: true });
    expect(parse('a few jazz tunes').count).toBe(3);
    expect(parse('80s music').count).toBe(5);
    expect(parseCount('top 7 hits')).toBe(7);
  });

  it('recognises follow-ups and negations', () => {
    expect(parse('more')).toMatchObject({ followUp: 'more' });
    expect(parse('more like the second one')).toMatchObject({ followUp: 'ref', refIndex: 1 });
    expect(parse('like #3')).toMatchObject({ followUp: 'ref', refIndex: 2 });
    expect(parse('something faster')).toMatchObject({ followUp: 'faster', shift: 1 });
    expect(parse('calmer please')).toMatchObject({ followUp: 'slower', shift: -1 });
    expect(parse('party music but no hip hop').excludedGenres).toEqual(['hiphop']);
  });

  it('tells small talk from requests', () => {
    expect(parse('hello').smallTalk).toBe('greeting');
    expect(parse('thanks!').smallTalk).toBe('thanks');
    expect(parse('what can you do?').smallTalk).toBe('help');
    expect(parse('hello, any jazz?').smallTalk).toBeNull();
  });
});
