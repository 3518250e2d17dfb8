/** Local sign-in and account creation. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginInput, RegisterInput } from '@shared/schemas/auth';
import { sendJson } from '../../../lib/api-client';
import { currentUserQueryKey } from './get-current-user';

export function useSignIn() {
  const qc = useQueryClient();
  return useMutation({
    // A 401 here is a wrong password, not an ended session: the form says so itself.
    meta: { handlesUnauthorized: true },
    mutationFn: (input: LoginInput) => sendJson<CurrentUser>('POST', '/api/auth/login', input),
    onSuccess: (user) => {
      qc.clear();
      qc.setQueryData(currentUserQueryKey, user);
    },
  });
}

export function useRegister() {
  const qc = useQueryClient();
  return useMutation({
    // A 401 here is a wrong password, not an ended session: the form says so itself.
    meta: { handlesUnauthorized: true },
    mutationFn: (input: RegisterInput) => sendJson<CurrentUser>('POST', '/api/auth/register', input),
    onSuccess: (user) => {
      qc.clear();
      qc.setQueryData(currentUserQueryKey, user);
    },
  });
}
