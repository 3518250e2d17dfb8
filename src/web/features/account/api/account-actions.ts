/** The account's changes: password, email, ending sessions, deleting the account. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account, ChangeEmailInput, ChangePasswordInput, DeleteAccountInput } from '@shared/schemas/account';
import { sendJson } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../auth';
import { accountQueryOptions } from './get-account';
import { sessionsQueryOptions } from './get-sessions';

export function useChangePassword() {
  const qc = useQueryClient();
  return useMutation({
    // A 401 here is a wrong password, not an ended session: the form says so itself.
    meta: { handlesUnauthorized: true },
    mutationFn: (input: ChangePasswordInput) => sendJson<{ ended: number }>('POST', '/api/account/password', input),
    onSuccess: () => void qc.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}

export function useChangeEmail() {
  const qc = useQueryClient();
  return useMutation({
    // A 401 here is a wrong password, not an ended session: the form says so itself.
    meta: { handlesUnauthorized: true },
    mutationFn: (input: ChangeEmailInput) => sendJson<Account>('PATCH', '/api/account/email', input),
    onSuccess: (account) => {
      qc.setQueryData(accountQueryOptions().queryKey, account);
      void qc.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}

export function useEndSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendJson<void>('DELETE', `/api/account/sessions/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}

export function useEndOtherSessions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<{ ended: number }>('POST', '/api/account/sessions/end-others'),
    onSuccess: () => void qc.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}

export function useDeleteAccount() {
  return useMutation({
    // A 401 here is a wrong password, not an ended session: the form says so itself.
    meta: { handlesUnauthorized: true },
    mutationFn: (input: DeleteAccountInput) => sendJson<void>('POST', '/api/account/delete', input),
  });
}
