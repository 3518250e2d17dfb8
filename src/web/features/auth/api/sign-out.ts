/** POST /api/auth/logout: the "Sign out?" page's button (a link from another site cannot press it). */
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';

export function useSignOut() {
  return useMutation({ mutationFn: () => sendJson<void>('POST', '/api/auth/logout') });
}
