/** POST /api/reports: a song, message, playlist, venue or person, with a reason. */
import { useMutation } from '@tanstack/react-query';
import type { CreateReportInput } from '@shared/schemas/safety';
import { sendJson } from '../../../lib/api-client';

export function useCreateReport() {
  return useMutation({
    // The report form asks a signed-out visitor to sign in, in place (report-dialog.tsx).
    meta: { handlesUnauthorized: true },
    mutationFn: (input: CreateReportInput) => sendJson<{ id: number }>('POST', '/api/reports', input),
  });
}
