/** Query keys of the live feature: every key starts with ['live', venueId], so one prefix reaches a venue's all. */
export const liveKeys = {
  all: ['live'] as const,
  venue: (venueId: number) => ['live', venueId] as const,
  view: (venueId: number) => ['live', venueId, 'view'] as const,
  history: (venueId: number) => ['live', venueId, 'history'] as const,
  code: (venueId: number, key: string | null) => ['live', venueId, 'code', key] as const,
  host: (venueId: number) => ['live', venueId, 'host'] as const,
  settings: (venueId: number) => ['live', venueId, 'settings'] as const,
  bans: (venueId: number) => ['live', venueId, 'bans'] as const,
  cohosts: (venueId: number) => ['live', venueId, 'cohosts'] as const,
  report: (venueId: number) => ['live', venueId, 'report'] as const,
};

/** The API paths of the live routes (the list is in src/shared/schemas/live.ts). */
export const liveApi = {
  view: (id: number) => `/api/venues/${id}/live`,
  history: (id: number) => `/api/venues/${id}/live/history`,
  code: (id: number, key: string | null) =>
    `/api/venues/${id}/live/code${key ? `?key=${encodeURIComponent(key)}` : ''}`,
  join: '/api/live/join',
  leave: (id: number) => `/api/venues/${id}/live/leave`,
  requests: (id: number) => `/api/venues/${id}/live/requests`,
  vote: (entryId: number) => `/api/live/entries/${entryId}/vote`,
  skip: (entryId: number) => `/api/live/entries/${entryId}/skip`,
  entry: (entryId: number) => `/api/live/entries/${entryId}`,
  reactions: (id: number) => `/api/venues/${id}/live/reactions`,
  host: (id: number) => `/api/venues/${id}/live/host`,
  session: (id: number) => `/api/venues/${id}/live/session`,
  heartbeat: (id: number) => `/api/venues/${id}/live/heartbeat`,
  playback: (id: number) => `/api/venues/${id}/live/playback`,
  control: (id: number) => `/api/venues/${id}/live/control`,
  settings: (id: number) => `/api/venues/${id}/live/settings`,
  displayKey: (id: number) => `/api/venues/${id}/live/display-key`,
  bans: (id: number) => `/api/venues/${id}/live/bans`,
  ban: (id: number, banId: number) => `/api/venues/${id}/live/bans/${banId}`,
  report: (id: number) => `/api/venues/${id}/live/report`,
  reportCsv: (id: number) => `/api/venues/${id}/live/report.csv`,
  cohosts: (id: number) => `/api/venues/${id}/live/cohosts`,
  cohost: (id: number, userId: string) => `/api/venues/${id}/live/cohosts/${encodeURIComponent(userId)}`,
};
