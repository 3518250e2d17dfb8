/** Every feature module, in registration order. Add a module here to mount its routes. */
import type { AppModule } from '../deps';
import { assistantModule } from './assistant/assistant.routes';
import { authModule } from './auth/auth.routes';
import { healthModule } from './health/health.routes';
import { mixesModule } from './mixes/mixes.routes';
import { songsModule } from './songs/songs.routes';
import { venuesModule } from './venues/venues.routes';
import { votesModule } from './votes/votes.routes';
import { playlistsModule } from './playlists/playlists.routes';
import { chatModule } from './chat/chat.routes';
import { messagesModule } from './messages/messages.routes';
import { presenceModule } from './presence/presence.routes';
import { profileModule } from './profile/profile.routes';
import { searchModule } from './search/search.routes';
import { exportsModule } from './exports/exports.routes';
import { accountModule } from './account/account.routes';
import { safetyModule } from './safety/safety.routes';
import { moderationModule } from './moderation/moderation.routes';
import { liveModule } from './live/live.routes';

export const modules: AppModule[] = [
  healthModule,
  authModule,
  songsModule,
  votesModule,
  mixesModule,
  venuesModule,
  chatModule,
  messagesModule,
  presenceModule,
  profileModule,
  playlistsModule,
  assistantModule,
  searchModule,
  exportsModule,
  accountModule,
  safetyModule,
  moderationModule,
  liveModule,
];
