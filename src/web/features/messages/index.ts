/**
 * The public entry of the messages feature: private conversations. Other features and app/ import only from here
 * (app/ also loads pages/ directly, one chunk per route); the rest of the folder is private (ADR 016).
 */
export { useUnreadCount } from './api/get-unread-count';
