/** Reports and suspensions: the lists and labels the screens show, without zod (./safety.ts re-exports them; ADR 024). */
export const REPORT_TARGET_TYPES = ['song', 'message', 'playlist', 'venue', 'user'] as const;

export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = ['spam', 'offensive', 'broken_video', 'wrong_info', 'other'] as const;

export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;

export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  offensive: 'Offensive',
  broken_video: 'Broken video',
  wrong_info: 'Wrong title or artist',
  other: 'Other',
};

// ── Venue chat moderation ───────────────────────────────────────────────────────────────────────────────────
export const MUTE_MINUTES = [10, 60, 1440] as const;

// ── Administrators ──────────────────────────────────────────────────────────────────────────────────────────
export const SUSPEND_DURATIONS = ['1d', '7d', '30d', 'forever'] as const;

export const SUSPEND_LABELS: Record<(typeof SUSPEND_DURATIONS)[number], string> = {
  '1d': '1 day',
  '7d': '7 days',
  '30d': '30 days',
  forever: 'For good',
};
