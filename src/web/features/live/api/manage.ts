/** The host's settings, bans (with undo) and the owner's co-hosts. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LiveBan, LiveBanBody, LiveCohost, LiveSettings, LiveSettingsInput } from '@shared/schemas/live';
import { getJson, sendJson } from '../../../lib/api-client';
import { liveApi, liveKeys } from './keys';

export function useLiveSettings(venueId: number) {
  return useQuery({
    queryKey: liveKeys.settings(venueId),
    queryFn: ({ signal }) => getJson<LiveSettings>(liveApi.settings(venueId), signal),
  });
}

export function useSaveSettings(venueId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: LiveSettingsInput) => sendJson<LiveSettings>('PUT', liveApi.settings(venueId), input),
    onSuccess: (settings) => {
      qc.setQueryData(liveKeys.settings(venueId), settings);
      void qc.invalidateQueries({ queryKey: liveKeys.host(venueId) });
      void qc.invalidateQueries({ queryKey: liveKeys.view(venueId) });
    },
  });
}

export function useBans(venueId: number) {
  return useQuery({
    queryKey: liveKeys.bans(venueId),
    queryFn: ({ signal }) => getJson<LiveBan[]>(liveApi.bans(venueId), signal),
  });
}

export function useAddBan(venueId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LiveBanBody) => sendJson<LiveBan>('POST', liveApi.bans(venueId), body),
    onSuccess: () => qc.invalidateQueries({ queryKey: liveKeys.bans(venueId) }),
  });
}

export function useRemoveBan(venueId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (banId: number) => sendJson<void>('DELETE', liveApi.ban(venueId, banId)),
    onSuccess: () => qc.invalidateQueries({ queryKey: liveKeys.bans(venueId) }),
  });
}

export function useCohosts(venueId: number, enabled: boolean) {
  return useQuery({
    queryKey: liveKeys.cohosts(venueId),
    queryFn: ({ signal }) => getJson<LiveCohost[]>(liveApi.cohosts(venueId), signal),
    enabled,
  });
}

export function useAddCohost(venueId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => sendJson<LiveCohost>('POST', liveApi.cohosts(venueId), { email }),
    onSuccess: () => qc.invalidateQueries({ queryKey: liveKeys.cohosts(venueId) }),
  });
}

export function useRemoveCohost(venueId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => sendJson<void>('DELETE', liveApi.cohost(venueId, userId)),
    onSuccess: () => qc.invalidateQueries({ queryKey: liveKeys.cohosts(venueId) }),
  });
}
