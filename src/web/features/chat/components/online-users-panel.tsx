/** The online users panel (spec: Chat, large screens): avatar with green dot, name, venue note, mood, a count. */
import { Link } from 'wouter';
import { MapPin, MessageCircle, Users } from 'lucide-react';
import type { OnlineUser } from '@shared/schemas/user';
import { href } from '../../../app/routes';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { userLabel } from '../lib/format';
import { MoodPopover, OwnMoodButton } from './mood-badge';

export function OnlineUsersPanel({
  users,
  isLoading,
  meId,
  myMood,
}: {
  users: OnlineUser[] | undefined;
  isLoading: boolean;
  meId: string;
  myMood: string | null;
}) {
  const count = users?.length ?? 0;
  return (
    <Card className="flex max-h-[calc(100vh-8rem)] flex-col">
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle className="flex items-center gap-2 text-base">
          <Users className="size-4 text-purple-300" aria-hidden /> Online Users
        </CardTitle>
        <Badge aria-label={`${count} online`}>{count}</Badge>
      </CardHeader>
      <CardContent className="min-h-0 flex-1 overflow-y-auto">
        {isLoading ? (
          <div className="space-y-3" aria-hidden>
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : count === 0 ? (
          <p className="py-6 text-center text-sm text-muted">No users online</p>
        ) : (
          <ul className="space-y-1" aria-label="Online users">
            {users!.map((u) => {
              const me = u.id === meId;
              const name = userLabel(u);
              return (
                <li key={u.id} className="flex items-start gap-3 rounded-xl p-2 hover:bg-white/5">
                  <span className="relative">
                    <Avatar
                      personId={u.id}
                      src={u.profileImageUrl}
                      first={u.firstName}
                      last={u.lastName}
                      label={name}
                    />
                    <span
                      className="absolute -right-0.5 -bottom-0.5 size-3 rounded-full border-2 border-surface bg-green-400"
                      aria-hidden
                    />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">
                      {name}
                      {me ? <span className="text-muted"> (you)</span> : null}
                      <span className="sr-only">, online</span>
                    </p>
                    {u.currentVenueId ? (
                      <p className="flex items-center gap-1 text-xs text-muted">
                        <MapPin className="size-3 shrink-0" aria-hidden />
                        <span className="min-w-0 truncate">In venue{u.venueName ? `: ${u.venueName}` : ''}</span>
                      </p>
                    ) : null}
                    <div className="mt-1 flex flex-wrap items-center gap-1.5">
                      {me ? (
                        <OwnMoodButton mood={myMood} />
                      ) : (
                        <MoodPopover mood={u.currentMood} moodUpdatedAt={u.moodUpdatedAt} name={name} />
                      )}
                    </div>
                  </div>
                  {me ? null : (
                    <Link
                      href={href.messagesWith(u.id)}
                      aria-label={`Message ${name}`}
                      className="rounded-lg p-1.5 text-muted hover:bg-white/10 hover:text-foreground focus-visible:outline-2 focus-visible:outline-accent"
                    >
                      <MessageCircle className="size-4" aria-hidden />
                    </Link>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
