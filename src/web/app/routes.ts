/** Every path of the app (spec section 2's route table) and the builders for links with parameters. */
export const paths = {
  home: '/',
  login: '/login',
  logout: '/logout',
  upload: '/upload',
  venues: '/venues',
  venueMix: '/venue/:id/mix',
  venueLive: '/venue/:id/live',
  venueLiveHost: '/venue/:id/live/host',
  venueTv: '/venue/:id/tv',
  join: '/join/:code',
  messages: '/messages',
  chat: '/chat',
  ai: '/ai',
  playlists: '/community-playlists',
  playlist: '/community-playlists/:id',
  profile: '/profile',
  search: '/search',
  account: '/account',
  admin: '/admin',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
} as const;

export const href = {
  venueMix: (id: number | string) => `/venue/${id}/mix`,
  venueLive: (id: number | string) => `/venue/${id}/live`,
  venueLiveHost: (id: number | string) => `/venue/${id}/live/host`,
  venueTv: (id: number | string) => `/venue/${id}/tv`,
  playlist: (id: number | string) => `/community-playlists/${id}`,
  upload: (venueId?: number | string) => (venueId ? `/upload?venue=${venueId}` : '/upload'),
  venueChat: (venueId: number | string) => `/chat?venue=${venueId}`,
  ai: (prompt?: string) => (prompt ? `/ai?q=${encodeURIComponent(prompt)}` : '/ai'),
  messagesWith: (userId: string) => `/messages?with=${encodeURIComponent(userId)}`,
  search: (q: string) => `/search?q=${encodeURIComponent(q)}`,
};

/** The main navigation (spec: Top navigation bar). */
export const NAV_LINKS = [
  { label: 'Home', to: paths.home },
  { label: 'Upload', to: paths.upload },
  { label: 'Venues', to: paths.venues },
  { label: 'Community', to: paths.playlists },
  { label: 'AI Assistant', to: paths.ai },
  { label: 'Chat', to: paths.chat },
] as const;
