/** POST /api/reports: a song, message, playlist, venue or person, with a reason. */
import { useMutation } from '@tanstack/react-query';
import type { CreateReportInput } from '@shared/schemas/safety';
import { sendJson } from '../../../lib/api-client';

export function useCreateReport() {
  return useMutation({
    mutationFn: (input: CreateReportInput) => sendJson<{ id: number }>('POST', '/api/reports', input),
  });
}
