/** What a report is about, and the word for it (shared by the report dialog and its lazily loaded form). */
import type { ReportTargetType } from '@shared/schemas/safety';

export const NOUN: Record<ReportTargetType, string> = {
  song: 'song',
  message: 'message',
  playlist: 'playlist',
  venue: 'venue',
  user: 'person',
};

export interface ReportTarget {
  type: ReportTargetType;
  id: string | number;
  /** What is reported, as the reporter sees it (a title, a name). */
  label: string;
}
