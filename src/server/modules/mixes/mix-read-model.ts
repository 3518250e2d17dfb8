/**
 * The mixes' read model, one per app: the ranked candidates (MixCache), chart movement (ChartStore), and per
 * context the mix as the spec shapes it plus its encoded body, rebuilt when the ranking's version moves. Mix reads,
 * exports and the chart snapshot all go through it; nothing else keeps mix state.
 */
import type { FastifyBaseLogger } from 'fastify';
import { GLOBAL_MIX_NAME, SCREEN_DEFAULT_DURATION } from '../../../shared/constants';
import type { MixResponse } from '../../../shared/schemas/venue';
import type { MixCacheSizes } from '../../config';
import type { Db } from '../../db/client';
import type { RealtimeHub } from '../../realtime/hub';
import { presentSong } from '../songs/songs.presenter';
import { ChartStore } from './charts.service';
import { EncodedMix, type MixBody, type VoteLookup } from './mix-body';
import { MixCache, type Candidate } from './mix-cache';

/** A context's mix at one ranking version, and its body once encoded. */
interface MixView {
  version: number;
  mix: MixResponse;
  encoded: EncodedMix | null;
}

export class MixReadModel {
  readonly cache: MixCache;
  readonly charts: ChartStore;
  private readonly views = new Map<number | 'global', MixView>();

  constructor(
    db: Db,
    log: FastifyBaseLogger,
    hub: RealtimeHub,
    private readonly sizes: MixCacheSizes,
  ) {
    this.cache = new MixCache(db, log, sizes);
    this.charts = new ChartStore(db, this.cache);
    hub.onEvent((event) => {
      this.cache.handleEvent(event);
      // A deleted venue's view goes with it (its next read is a 404 from the cache).
      if (event.type === 'venues_changed') this.views.clear();
    });
    hub.onResync(() => this.cache.reloadAll());
  }

  /** A mix as a visitor sees it: no database round trip once warm; 404 for a missing venue. */
  async mix(venueId: number | null): Promise<MixResponse> {
    return (await this.view(venueId)).mix;
  }

  /** The mix's response body with the caller's own votes (null: a visitor, or no votes in this context). */
  async body(venueId: number | null, mine: () => Promise<VoteLookup | null>, acceptsGzip: boolean): Promise<MixBody> {
    const view = await this.view(venueId);
    view.encoded ??= EncodedMix.of(view.mix);
    return view.encoded.body(view.mix.songs.length ? await mine() : null, acceptsGzip);
  }

  /** Public songs by the time-decayed hot score. */
  trending(): Promise<Candidate[]> {
    return this.cache.trending();
  }

  async stop() {
    await this.cache.stop();
  }

  private async view(venueId: number | null): Promise<MixView> {
    this.charts.today(); // a new day drops the lists built with yesterday's previous positions
    const { venueName, songs, version } = await this.cache.ranked(venueId);
    const key = venueId ?? 'global';
    const known = this.views.get(key);
    if (known?.version === version) return known;
    const top = songs.slice(0, this.sizes.mixSize);
    // No earlier snapshot at all (a new mix, a new install): no movement to show, rather than every song NEW.
    const previous = await this.charts.previousPositions(venueId);
    const ranked = top.map((c, i) => ({
      ...presentSong(c.song, c, null, c.uploaderName),
      position: i + 1,
      previousPosition: previous.size ? (previous.get(c.id) ?? null) : undefined,
    }));
    const mixInfo =
      venueId === null
        ? { name: GLOBAL_MIX_NAME, type: 'global' as const }
        : { name: venueName ?? '', type: 'venue' as const, venueId };
    const view: MixView = {
      version,
      mix: {
        songs: ranked,
        mixInfo,
        totalDuration: top.reduce((sum, c) => sum + (c.song.duration ?? SCREEN_DEFAULT_DURATION), 0),
        totalSongs: ranked.length,
      },
      encoded: null,
    };
    this.views.set(key, view);
    return view;
  }
}
