/**
 * Query-key prefixes that more than one feature names. The feature that fetches builds its keys from these; a
 * feature that must refresh them (a vote changes the counts shown in search results and venue lists; a block
 * changes who is online) invalidates them without importing that feature. Keys only one feature uses stay in it
 * (e.g. playlists/api/keys.ts, or the query options of each api/ file).
 */
export const SEARCH_KEY_PREFIX = ['/api/search'] as const;
export const VENUES_KEY_PREFIX = ['/api/venues'] as const;
export const ONLINE_USERS_KEY = ['/api/users/online'] as const;
