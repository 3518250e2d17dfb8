/** Business constants and enumerations shared by server and browser (spec sections 3 and 9). */

export const VOTE_TYPES = ['up', 'down'] as const;
export type VoteType = (typeof VOTE_TYPES)[number];

export const VENUE_TYPES = ['bar', 'club', 'restaurant', 'cafe', 'lounge', 'pub', 'music_venue', 'other'] as const;
export type VenueType = (typeof VENUE_TYPES)[number];

export const VENUE_TYPE_LABELS: Record<VenueType, string> = {
  bar: 'Bar',
  club: 'Club',
  restaurant: 'Restaurant',
  cafe: 'Café',
  lounge: 'Lounge',
  pub: 'Pub',
  music_venue: 'Music Venue',
  other: 'Other',
};

/** The six venue themes, offered as 'Theme 1' to 'Theme 6'. */
export const VENUE_GRADIENTS = [
  'from-purple-500 to-pink-500',
  'from-green-500 to-teal-500',
  'from-orange-500 to-red-500',
  'from-blue-500 to-indigo-500',
  'from-yellow-500 to-orange-500',
  'from-pink-500 to-rose-500',
] as const;
export const DEFAULT_VENUE_GRADIENT = VENUE_GRADIENTS[0];

export const COLLABORATIVE_MODES = ['democratic', 'moderated', 'open'] as const;
export type CollaborativeMode = (typeof COLLABORATIVE_MODES)[number];

export const PLAYLIST_SONG_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PlaylistSongStatus = (typeof PLAYLIST_SONG_STATUSES)[number];

export const MEMBER_ROLES = ['admin', 'moderator', 'member'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** The six playlist presets (spec section 9), value is the gradient class pair. */
export const PLAYLIST_GRADIENTS = [
  { name: 'Ocean Blue', value: 'from-blue-500 to-purple-600' },
  { name: 'Purple Dream', value: 'from-purple-500 to-pink-500' },
  { name: 'Forest Green', value: 'from-green-500 to-emerald-600' },
  { name: 'Sunset Fire', value: 'from-orange-500 to-red-600' },
  { name: 'Deep Space', value: 'from-indigo-600 to-slate-800' },
  { name: 'Rose Garden', value: 'from-pink-500 to-rose-600' },
] as const;

export const MESSAGE_TYPES = ['private', 'global', 'venue'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const MOODS = [
  { id: 'energetic', description: 'High-energy tracks to get pumped up' },
  { id: 'chill', description: 'Relaxed vibes and laid-back tunes' },
  { id: 'romantic', description: 'Love songs and intimate melodies' },
  { id: 'focus', description: 'Concentration music and ambient sounds' },
  { id: 'party', description: 'Dance hits and party anthems' },
  { id: 'melancholy', description: 'Thoughtful and introspective music' },
  { id: 'upbeat', description: 'Happy and positive vibes' },
] as const;
export const MOOD_IDS = MOODS.map((m) => m.id) as unknown as readonly [MoodId, ...MoodId[]];
export type MoodId = (typeof MOODS)[number]['id'];

export const GLOBAL_MIX_NAME = 'Global Top 100 Mix';
export const DEFAULT_MIX_NAME = 'Top 100 Mix';
export const GLOBAL_MIX_SIZE = 100;
export const PLAYER_DEFAULT_DURATION = 240;
export const SCREEN_DEFAULT_DURATION = 180;
export const DEFAULT_VOLUME = 0.7;
export const TRENDING_COUNT = 4;
/** The longest trending list `GET /api/songs/trending?limit=` answers. */
export const TRENDING_LIMIT_MAX = 50;
export const FEATURED_VENUES_COUNT = 3;
export const UP_NEXT_COUNT = 3;
export const ID_LABEL_LENGTH = 8;

export const POLL = { onlineUsers: 5_000, messages: 3_000, venueUsers: 30_000, position: 1_000 } as const;
export const SOCKET_MAX_RECONNECTS = 5;
export const SOCKET_BACKOFF_BASE_MS = 1_000;
/**
 * The close code of a socket the server closed for breaking a limit (RFC 6455 "policy violation"): too many
 * messages, or too many sockets for one account (the oldest is closed). Browsers do not reconnect on their own
 * after it (ADR 011).
 */
export const SOCKET_LIMIT_CLOSE_CODE = 1008;
export const TOAST_DURATION_MS = 5_000;
export const CACHE_FIVE_MINUTES = 5 * 60_000;

export const PLAYLIST_LIMITS = {
  nameMax: 100,
  descriptionMax: 500,
  thresholdMin: 1,
  thresholdMax: 20,
  thresholdDefault: 3,
  maxSongsMin: 10,
  maxSongsMax: 200,
  maxSongsStep: 10,
  maxSongsDefault: 50,
} as const;

/** What a person types to confirm deleting their account (here, not in schemas/account.ts, so that the account
 * page gets it without zod; ADR 024). */
export const DELETE_CONFIRMATION = 'delete my account';
