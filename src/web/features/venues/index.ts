/**
 * The public entry of the venues feature: venues and their mixes. Other features and app/ import only from here
 * (app/ also loads pages/ directly, one chunk per route); the rest of the folder is private (ADR 016).
 */
export { getUserVenuesQueryOptions, useUserVenues } from './api/get-user-venues';
export { getVenueQueryOptions, useVenue } from './api/get-venue';
export { getVenuesQueryOptions, useVenues } from './api/get-venues';
