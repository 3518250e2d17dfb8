/**
 * The public entry of the account feature: the account page and what other screens read of the account. Other features and app/ import only from here
 * (app/ also loads pages/ directly, one chunk per route); the rest of the folder is private (ADR 016).
 */
export { useAccount } from './api/get-account';
