import { describe, expect, it } from 'vitest';
import { attributesFromForm } from './song';

describe('attributesFromForm (the upload form sends attributes as multipart strings)', () => {
  it('reads every field', () => {
    const r = attributesFromForm({
      releaseYear: '1994',
      energy: '4',
      tempo: 'fast',
      moods: 'chill, focus',
      instrumental: 'true',
      language: 'EN',
    });
    expect(r.success && r.data).toEqual({
      releaseYear: 1994,
      energy: 4,
      tempo: 'fast',
      moods: ['chill', 'focus'],
      instrumental: true,
      language: 'en',
    });
  });

  it('treats empty fields as not given', () => {
    const r = attributesFromForm({ releaseYear: '', energy: ' ', moods: '', instrumental: '', title: 'x' });
    expect(r.success && Object.values(r.data).filter((v) => v !== undefined)).toEqual([]);
  });

  it.each([
    [{ releaseYear: '94x' }, 'Release year must be a year such as 1994'],
    [{ releaseYear: '3000' }, 'Release year must be between 1000 and 2100'],
    [{ energy: '9' }, 'Energy must be a whole number from 1 to 5'],
    [{ energy: 'loud' }, 'Energy must be a whole number from 1 to 5'],
    [{ tempo: 'warp' }, "Tempo must be 'slow', 'medium' or 'fast'"],
    [{ moods: 'chill,angry' }, 'Moods must be among:'],
    [{ moods: 'chill,chill' }, 'Each mood once'],
    [{ instrumental: 'maybe' }, 'Instrumental must be true or false'],
    [{ language: 'english' }, 'Language must be a two-letter code such as en'],
  ])('%o is refused with a clear message', (fields, message) => {
    const r = attributesFromForm(fields);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toContain(message);
  });
});
