/** PATCH /api/users/{id}/mood: one's own mood ('' clears); refreshes the current user and online users (spec 7). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@shared/schemas/auth';
import { sendJson } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify-error';
import { toast } from '../../../lib/toast';
import { currentUserQueryOptions } from '../../auth';
import { onlineUsersQueryOptions } from './get-online-users';

export function updateMood(userId: string, mood: string): Promise<CurrentUser> {
  return sendJson<CurrentUser>('PATCH', `/api/users/${encodeURIComponent(userId)}/mood`, { mood });
}

export function useUpdateMood() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, mood }: { userId: string; mood: string }) => updateMood(userId, mood),
    onSuccess: (user) => {
      qc.setQueryData(currentUserQueryOptions().queryKey, user);
      void qc.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey });
      void qc.invalidateQueries({ queryKey: onlineUsersQueryOptions().queryKey });
      toast({ title: 'Mood updated!', variant: 'success' });
    },
    onError: (err) => notifyError(err, 'Failed to update mood', { description: 'Please try again.' }),
  });
}
