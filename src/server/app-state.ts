/**
 * Per-app state: the caches and trackers that live as long as one built app, typed and built once in app.ts.
 * Two apps in one process (tests, a rolling restart) never share any of it, and no module looks state up by name.
 * Modules read it as `deps.state.<name>`; a new piece of state is a field here.
 */
import type { CoreDeps } from './deps';
import { Mailer } from './modules/account/mailer';
import { LatestIdCache } from './modules/chat/chat.service';
import { LiveRuntime } from './modules/live/live.runtime';
import { MixReadModel } from './modules/mixes/mix-read-model';
import { Presence } from './modules/presence/presence.service';
import { SearchCache, SEARCH_CACHE_TTL_MS } from './modules/search/search-cache';
import { OwnVotes } from './modules/votes/own-votes';
import { NewVotes } from './modules/votes/new-votes';
import { Semaphore } from './modules/votes/semaphore';
import { SlotSpread } from './modules/votes/slot-spread';
import { TotalsFold } from './modules/votes/totals-fold';

export interface AppState {
  /** The ranked mixes, chart movement and encoded mix bodies. */
  mixes: MixReadModel;
  /** Each user's own votes, dropped per user by `votes_changed` signals. */
  ownVotes: OwnVotes;
  /** Who is online on this instance, and where. */
  presence: Presence;
  /** Outgoing mail (tests wait on `idle()` for background mail). */
  mailer: Mailer;
  /** The newest chat message id per room. */
  chatLatest: LatestIdCache;
  /**
   * Vote transactions in flight on this instance. A burst (hundreds of votes at once) then queues here, in order,
   * instead of in the connection pool, whose wait has a timeout; the pool (10 connections) stays free.
   */
  voteGate: Semaphore;
  /** New votes, written in batches; and how many votes are being cast (ADR 048, 049). */
  newVotes: NewVotes;
  /** Quiet songs keep their tally on one row, hot ones spread it over every slot. */
  slotSpread: SlotSpread;
  /** Folds the dirty tally slots into vote_totals about every second (ADR 029). */
  totalsFold: TotalsFold;
  /** Venue Live: pushes live rooms' snapshots on `live_changed`, sweeps offline hosts and join codes. */
  live: LiveRuntime;
  /** Search answers per text and limit, emptied by catalogue events, counts patched by votes (ADR 026). */
  searchCache: SearchCache;
}

export function createAppState(core: CoreDeps): AppState {
  const ownVotes = new OwnVotes(core.db, Date.now, {
    maxEntries: core.config.caches.ownVotesEntries,
    maxVotes: core.config.caches.ownVotesVotes,
    maxPerEntry: 100_000,
  });
  core.hub.onSignal('votes_changed', (userId) => ownVotes.changed(userId));
  core.hub.onResync(() => ownVotes.clear());
  const searchCache = new SearchCache({ maxEntries: core.config.caches.searchEntries, ttlMs: SEARCH_CACHE_TTL_MS });
  core.hub.onEvent((event) => searchCache.handleEvent(event));
  core.hub.onResync(() => searchCache.clear());
  return {
    mixes: new MixReadModel(core.db, core.log, core.hub, core.config.mixCache),
    ownVotes,
    presence: new Presence(core),
    mailer: new Mailer(core.config.mail, core.log),
    chatLatest: new LatestIdCache(core.hub),
    voteGate: new Semaphore(6),
    newVotes: new NewVotes(core.db, core.log),
    slotSpread: new SlotSpread(),
    totalsFold: new TotalsFold(core.db, (err) =>
      core.log.warn({ err }, 'folding the vote tallies failed; next try in a second'),
    ),
    live: new LiveRuntime(core),
    searchCache,
  };
}
