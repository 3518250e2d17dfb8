/** The demo catalogue as engine input, for unit tests: deterministic tallies, no database. */
import { DEMO_ATTRIBUTES, DEMO_SONGS, DEMO_VENUES } from '../../../db/demo-catalogue';
import type { VenueType } from '../../../../shared/constants';
import type { EngineData } from './engine';
import type { CatalogueSong, CatalogueVenue, UserVote } from './types';

export const TEST_VENUES: CatalogueVenue[] = DEMO_VENUES.map((v, i) => ({
  id: i + 1,
  name: v.name,
  type: v.type as VenueType,
}));

/** Songs 1..49 in demo order; earlier songs have more up votes, every song a venue tally in its own venue. */
export function testSongs(): CatalogueSong[] {
  return DEMO_SONGS.map((s, i) => {
    const venueId = s.venue ? DEMO_VENUES.findIndex((v) => v.key === s.venue) + 1 : null;
    const up = Math.max(1, 8 - Math.floor(i / 7));
    const down = i % 5 === 0 ? 1 : 0;
    const attrs = DEMO_ATTRIBUTES[s.title];
    return {
      year: attrs.year,
      energy: attrs.energy,
      tempo: attrs.tempo,
      moods: attrs.moods,
      instrumental: attrs.instrumental,
      language: attrs.language,
      id: i + 1,
      title: s.title,
      artist: s.artist,
      genre: s.genre,
      venueId,
      uploaderId: `uploader-${i % 8}`,
      isPrivate: false,
      up,
      down,
      venueVotes: venueId ? new Map([[venueId, { up: Math.max(1, up - 2), down: 0 }]]) : new Map(),
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000),
    };
  });
}

/** The id of a demo song by title. */
export const songId = (title: string) => DEMO_SONGS.findIndex((s) => s.title === title) + 1;

/** Engine input for a listener with the given votes and mood. */
export function testData(
  opts: { votes?: UserVote[]; mood?: string | null; history?: EngineData['history']; songs?: CatalogueSong[] } = {},
): EngineData {
  return {
    user: { id: 'listener', firstName: 'Robin', currentMood: opts.mood ?? null },
    songs: opts.songs ?? testSongs(),
    venues: TEST_VENUES,
    userVotes: opts.votes ?? [],
    history: opts.history ?? [],
  };
}
