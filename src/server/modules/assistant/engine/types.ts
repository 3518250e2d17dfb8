/** The data the engine works on. Everything here is already limited to what the asking user may see. */
import type { VenueType } from '../../../../shared/constants';

export interface CatalogueSong {
  id: number;
  title: string;
  artist: string;
  genre: string | null;
  venueId: number | null;
  uploaderId: string;
  isPrivate: boolean;
  /** Global-context tallies. */
  up: number;
  down: number;
  /** Tallies per venue context (venue id → counts). */
  venueVotes: Map<number, { up: number; down: number }>;
  createdAt: Date;
  /** Optional song attributes (null when the uploader did not give them; the genre's profile stands in). */
  year?: number | null;
  /** 1 (sleepy) .. 5 (flat out). */
  energy?: number | null;
  tempo?: 'slow' | 'medium' | 'fast' | null;
  moods?: string[] | null;
  instrumental?: boolean | null;
  language?: string | null;
}

export interface CatalogueVenue {
  id: number;
  name: string;
  type: VenueType;
}

export interface UserVote {
  songId: number;
  venueId: number | null;
  voteType: 'up' | 'down';
}

/** One earlier turn of the conversation, as stored. */
export interface PastTurn {
  message: string;
  songIds: number[];
}

export interface EngineUser {
  id: string;
  firstName: string | null;
  currentMood: string | null;
}

/** Co-vote neighbours: seed song → (song → number of other users who upvoted both). */
export type CoVotes = Map<number, Map<number, number>>;
