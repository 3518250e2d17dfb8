/** GET /api/account: sign-in methods and role (which account actions apply, whether /admin is shown). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Account } from '@shared/schemas/account';
import { getJson } from '../../../lib/api-client';

export const accountQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/account'] as const,
    queryFn: ({ signal }) => getJson<Account>('/api/account', signal),
  });

export function useAccount(enabled = true) {
  return useQuery({ ...accountQueryOptions(), enabled });
}
