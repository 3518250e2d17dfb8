/**
 * The public entry of the live feature: Venue Live (patron, TV, host screens). Other features and app/ import only
 * from here (app/ also loads pages/ directly, one chunk per route); the rest of the folder is private (ADR 016).
 */
export { liveKeys } from './api/keys';
