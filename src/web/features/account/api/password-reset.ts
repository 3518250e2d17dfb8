/** Password reset: whether mail is available, asking for a link, and setting the new password with it. */
import { useMutation, useQuery } from '@tanstack/react-query';
import { getJson, sendJson } from '../../../lib/api-client';

export function useResetAvailability() {
  return useQuery({
    queryKey: ['/api/auth/password-reset'] as const,
    queryFn: ({ signal }) => getJson<{ email: boolean }>('/api/auth/password-reset', signal),
  });
}

export function useRequestReset() {
  return useMutation({
    // Signed out by design: a 401 cannot mean an ended session here.
    meta: { handlesUnauthorized: true },
    mutationFn: (email: string) => sendJson<{ message: string }>('POST', '/api/auth/password-reset', { email }),
  });
}

export function useConfirmReset() {
  return useMutation({
    // Signed out by design: a 401 cannot mean an ended session here.
    meta: { handlesUnauthorized: true },
    mutationFn: (input: { token: string; password: string }) =>
      sendJson<void>('POST', '/api/auth/password-reset/confirm', input),
  });
}
