/** GET /api/users/{id}: another user's public fields (to start a conversation with them). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@shared/schemas/auth';
import { getJson } from '../../../lib/api-client';

export const userQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['/api/users', userId] as const,
    queryFn: ({ signal }) => getJson<PublicUser>(`/api/users/${encodeURIComponent(userId)}`, signal),
  });

export function useUser(userId: string | null) {
  return useQuery({ ...userQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
