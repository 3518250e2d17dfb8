/** The bar's own preferences (display, size, collapsed, shortcuts), kept in localStorage. */
import { useSyncExternalStore } from 'react';

export const VIDEO_SIZES = [
  { id: 'small', label: 'Small', px: 150 },
  { id: 'medium', label: 'Medium', px: 200 },
  { id: 'large', label: 'Large', px: 250 },
] as const;
export type VideoSize = (typeof VIDEO_SIZES)[number]['id'];

export interface PlayerPrefs {
  display: 'video' | 'audio';
  size: VideoSize;
  collapsed: boolean;
  shortcuts: boolean;
}

const KEY = 'crowdmix:player-ui';
const DEFAULTS: PlayerPrefs = { display: 'video', size: 'medium', collapsed: false, shortcuts: true };

function read(): PlayerPrefs {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<PlayerPrefs> | null;
    if (!parsed || typeof parsed !== 'object') return DEFAULTS;
    return {
      display: parsed.display === 'audio' ? 'audio' : 'video',
      size: VIDEO_SIZES.some((s) => s.id === parsed.size) ? (parsed.size as VideoSize) : DEFAULTS.size,
      collapsed: parsed.collapsed === true,
      shortcuts: parsed.shortcuts !== false,
    };
  } catch {
    return DEFAULTS;
  }
}

let current: PlayerPrefs | null = null;
const listeners = new Set<() => void>();

/** Changes some preferences and remembers them. */
export function updatePlayerPrefs(patch: Partial<PlayerPrefs>): void {
  current = { ...getPlayerPrefs(), ...patch };
  try {
    localStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    // Storage disabled: the choice lasts for this page only.
  }
  listeners.forEach((l) => l());
}

/** The current preferences. */
export function getPlayerPrefs(): PlayerPrefs {
  if (!current) current = typeof localStorage === 'undefined' ? DEFAULTS : read();
  return current;
}

/** The bar's preferences, re-rendering when they change. */
export function usePlayerPrefs(): PlayerPrefs {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getPlayerPrefs,
    () => DEFAULTS,
  );
}

/** The size after `size` in the cycle small → medium → large → small. */
export const nextVideoSize = (size: VideoSize): VideoSize =>
  VIDEO_SIZES[(VIDEO_SIZES.findIndex((s) => s.id === size) + 1) % VIDEO_SIZES.length].id;
