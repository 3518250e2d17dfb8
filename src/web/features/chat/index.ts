/**
 * The public entry of the chat feature: global and venue chat, presence and moods. Other features and app/ import only from here
 * (app/ also loads pages/ directly, one chunk per route); the rest of the folder is private (ADR 016).
 */
export { userLabel } from './lib/format';
