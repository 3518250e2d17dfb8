/** Keeps safety data fresh from /ws: notices, blocks (and presence), venue mutes. Renders nothing. */
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../../lib/realtime';
import { toast } from '../../../lib/toast';
import { ONLINE_USERS_KEY } from '../../../lib/query-keys';
import { blocksQueryOptions } from '../api/get-blocks';
import { notificationsQueryOptions } from '../api/get-notifications';
import { myMuteQueryOptions } from '../api/venue-moderation';

export function SafetyListeners() {
  const qc = useQueryClient();
  useRealtimeEvent('notification', () => void qc.invalidateQueries({ queryKey: notificationsQueryOptions().queryKey }));
  useRealtimeEvent('blocks_changed', () => {
    void qc.invalidateQueries({ queryKey: blocksQueryOptions().queryKey });
    void qc.invalidateQueries({ queryKey: ONLINE_USERS_KEY });
  });
  useRealtimeEvent('venue_mute', (e) => {
    qc.setQueryData(myMuteQueryOptions(e.venueId).queryKey, { mutedUntil: e.until });
    if (e.until)
      toast({
        title: 'You are muted in a venue chat',
        description: `Until ${new Date(e.until).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}.`,
        variant: 'destructive',
      });
  });
  return null;
}
