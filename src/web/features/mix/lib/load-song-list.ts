/**
 * Loads the song rows' module alone, for a screen that shows a list after its first paint (the upload page's My
 * uploads). Its own file, not the feature's index: `import('../mix')` would make the index, with every export of the
 * feature, a chunk of its own (ADR 031).
 */
export const loadSongList = () => import('../components/song-list');
