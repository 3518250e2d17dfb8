/**
 * The public entry of the auth feature: who is signed in (useAuth and its query), read by every screen. Other features and app/ import only from here
 * (app/ also loads pages/ directly, one chunk per route); the rest of the folder is private (ADR 016).
 */
export {
  currentUserQueryKey,
  currentUserQueryOptions,
  pageSaysSignedOut,
  signedInForAction,
  useAuth,
} from './api/get-current-user';
