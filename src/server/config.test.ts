import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('GET /api/songs page sizes', () => {
  it('default to 50 a page and at most 100', () => {
    expect(loadConfig({}).songsPage).toEqual({ size: 50, max: 100 });
    expect(loadConfig({ SONGS_PAGE_SIZE: '20', SONGS_PAGE_MAX: '40' }).songsPage).toEqual({ size: 20, max: 40 });
  });

  it('refuse a default page larger than the largest, and values that are not counts, naming the variable', () => {
    expect(() => loadConfig({ SONGS_PAGE_SIZE: '200' })).toThrow(
      /SONGS_PAGE_SIZE must not be larger than SONGS_PAGE_MAX/,
    );
    for (const env of [{ SONGS_PAGE_MAX: '0' }, { SONGS_PAGE_SIZE: 'ten' }, { SONGS_PAGE_MAX: '5000' }]) {
      const run = () => loadConfig(env);
      expect(run).toThrow(ConfigError);
      expect(run).toThrow(new RegExp(Object.keys(env)[0]));
    }
  });
});

describe('FILE_TRANSFERS_MAX', () => {
  it('defaults to 16 concurrent file transfers and refuses what is not a positive count', () => {
    expect(loadConfig({}).fileTransfersMax).toBe(16);
    expect(loadConfig({ FILE_TRANSFERS_MAX: '3' }).fileTransfersMax).toBe(3);
    for (const value of ['0', 'many', '1.5']) {
      expect(() => loadConfig({ FILE_TRANSFERS_MAX: value })).toThrow(/FILE_TRANSFERS_MAX/);
    }
  });
});
