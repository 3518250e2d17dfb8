/** Chat (/chat, spec section 2): online users, the global room and the venue rooms, moods. */
import { useEffect, useMemo, useState } from 'react';
import { ArrowLeft, Globe, MapPin, Music, Users } from 'lucide-react';
import { VENUE_TYPE_LABELS, type VenueType } from '@shared/constants';
import type { CurrentUser } from '@shared/schemas/auth';
import { AuthRequired } from '../../../app/auth-required';
import { Page } from '../../../components/layout/page';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Loading } from '../../../components/ui/loading';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { realtime, useSocketOpen } from '../../../lib/realtime';
import { cn } from '../../../lib/utils';
import { useAuth } from '../../auth';
import { useVenues } from '../../venues';
import { useAccount } from '../../account';
import { useOnlineUsers } from '../api/get-online-users';
import { useVenueUsers } from '../api/get-venue-users';
import { ChatRoom } from '../components/chat-room';
import { OwnMoodButton } from '../components/mood-badge';
import { OnlineUsersPanel } from '../components/online-users-panel';
import { StateView } from '../../../components/ui/state-view';

export function ChatPage() {
  const { user, isLoading } = useAuth();
  if (isLoading)
    return (
      <Page>
        <Card className="mx-auto max-w-md">
          <Loading />
        </Card>
      </Page>
    );
  if (!user)
    return (
      <Page>
        <AuthRequired message="Please sign in to chat with other music lovers." />
      </Page>
    );
  return <Chat user={user} />;
}

function Chat({ user }: { user: CurrentUser }) {
  const online = useOnlineUsers();
  // /chat?venue=<id> (a venue page's "Chat in …" link) opens that venue's room.
  const [venueId, setVenueId] = useState<number | null>(() => {
    const v = new URLSearchParams(window.location.search).get('venue');
    return v && /^\d{1,10}$/.test(v) ? Number(v) : null;
  });
  const [tab, setTab] = useState(venueId ? 'venue' : 'global');
  return (
    <Page className="flex h-app flex-col py-3 sm:py-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight">Chat</h1>
          <p className="sr-only sm:not-sr-only sm:text-sm sm:text-muted">
            Talk music in the global room or at your venue.
          </p>
        </div>
        <div className="flex items-center gap-2 text-sm text-muted">
          <span>Your mood:</span>
          <OwnMoodButton mood={user.currentMood} />
        </div>
      </div>
      <div className="grid min-h-0 flex-1 gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <aside className="hidden min-h-0 lg:flex lg:flex-col" aria-label="Online users">
          <div className="flex min-h-0 flex-1 flex-col">
            <OnlineUsersPanel
              users={online.data}
              isLoading={online.isLoading}
              meId={user.id}
              myMood={user.currentMood}
            />
          </div>
        </aside>
        <Card className="flex min-h-0 min-w-0 flex-col">
          <CardContent className="flex min-h-0 flex-1 flex-col p-2 pt-2 sm:p-4 sm:pt-4">
            <Tabs value={tab} onValueChange={setTab} className="flex min-h-0 flex-1 flex-col">
              <TabsList aria-label="Chat rooms">
                <TabsTrigger value="global">
                  <Globe aria-hidden /> Global Chat
                </TabsTrigger>
                <TabsTrigger value="venue">
                  <MapPin aria-hidden /> Venue Chat
                </TabsTrigger>
              </TabsList>
              <TabsContent value="global" className="mt-2 flex min-h-0 flex-1 flex-col">
                <header className="mb-2">
                  <h2 className="text-base font-semibold">Global Music Discussion</h2>
                  <p className="sr-only sm:not-sr-only sm:text-sm sm:text-muted">
                    Chat with music lovers from around the world
                  </p>
                </header>
                <ChatRoom
                  room={{ kind: 'global' }}
                  user={user}
                  placeholder="Type a message..."
                  label="Global chat messages"
                />
              </TabsContent>
              <TabsContent value="venue" className="mt-2 flex min-h-0 flex-1 flex-col overflow-y-auto">
                {venueId ? (
                  <VenueRoom key={venueId} venueId={venueId} user={user} onBack={() => setVenueId(null)} />
                ) : (
                  <VenuePicker onPick={setVenueId} />
                )}
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
      </div>
    </Page>
  );
}

function VenuePicker({ onPick }: { onPick: (id: number) => void }) {
  const venues = useVenues();
  return (
    <section aria-labelledby="select-venue-title">
      <h2 id="select-venue-title" className="mb-3 text-lg font-semibold">
        Select a Venue
      </h2>
      {venues.isLoading ? (
        <div className="grid gap-3 sm:grid-cols-2" aria-hidden>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
      ) : venues.isError ? (
        <StateView
          compact
          kind="error"
          title="Venues could not be loaded"
          error={venues.error}
          onRetry={() => void venues.refetch()}
        />
      ) : !venues.data?.length ? (
        <p className="py-8 text-center text-muted">No venues yet. Create one on the Venues page.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {venues.data.map((v) => (
            <li key={v.id}>
              <button
                type="button"
                onClick={() => onPick(v.id)}
                className="flex w-full items-center gap-3 rounded-xl border border-border bg-surface-2/60 p-3 text-left transition-colors hover:border-purple-400/50 hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-accent"
              >
                <span
                  aria-hidden
                  className={cn(
                    'flex size-11 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br',
                    v.gradient,
                  )}
                >
                  <Music className="size-5 text-white" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{v.name}</span>
                  <span className="flex items-center gap-1 truncate text-sm text-muted">
                    <MapPin className="size-3 shrink-0" aria-hidden /> {v.location}
                  </span>
                </span>
                <Badge variant="secondary">{VENUE_TYPE_LABELS[v.type as VenueType] ?? v.type}</Badge>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function VenueRoom({ venueId, user, onBack }: { venueId: number; user: CurrentUser; onBack: () => void }) {
  const venues = useVenues();
  const venue = useMemo(() => venues.data?.find((v) => v.id === venueId), [venues.data, venueId]);
  const inVenue = useVenueUsers(venueId);
  const open = useSocketOpen();
  // Opening a venue's chat marks the user as in that venue (again after a reconnect); leaving clears it.
  useEffect(() => {
    if (!open) return;
    realtime.send({ type: 'presence', venueId });
    return () => realtime.send({ type: 'presence', venueId: null });
  }, [venueId, open]);
  const count = inVenue.data?.length ?? 0;
  const isAdmin = useAccount().data?.isAdmin ?? false;
  return (
    <section aria-labelledby="venue-room-title" className="flex min-h-0 flex-1 flex-col">
      <header className="mb-2 flex items-center gap-2">
        <Button variant="ghost" size="icon-sm" onClick={onBack} aria-label="Back to Venues" title="Back to Venues">
          <ArrowLeft aria-hidden />
        </Button>
        <div className="min-w-0 flex-1">
          <h2 id="venue-room-title" className="truncate text-base font-semibold" data-testid="venue-room-name">
            {venue?.name ?? 'Venue chat'}
          </h2>
          <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted" data-testid="venue-room-place">
            {venue ? <span className="truncate">{venue.location}</span> : null}
            <span aria-hidden>·</span>
            <span className="inline-flex shrink-0 items-center gap-1 text-up" aria-live="polite">
              <Users className="size-3" aria-hidden /> {count} {count === 1 ? 'user' : 'users'} in venue
            </span>
          </p>
        </div>
      </header>
      <ChatRoom
        room={{ kind: 'venue', venueId }}
        user={user}
        placeholder="Type a venue message..."
        label="Venue chat messages"
        canModerate={venue?.ownerId === user.id || isAdmin}
      />
    </section>
  );
}
