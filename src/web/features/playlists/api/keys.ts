/** Query keys of the playlists feature: every key starts with the list path, so one prefix reaches them all. */
export const playlistKeys = {
  all: ['/api/community-playlists'] as const,
  detail: (id: number) => ['/api/community-playlists', id] as const,
  songs: (id: number) => ['/api/community-playlists', id, 'songs'] as const,
  members: (id: number) => ['/api/community-playlists', id, 'members'] as const,
};
