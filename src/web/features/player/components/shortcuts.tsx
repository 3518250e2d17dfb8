/** Keyboard shortcuts of the player (while not typing in a field) and the '?' help sheet listing them. */
import { useEffect, useRef } from 'react';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/input';
import { OVERLAY_SEEK_STEP } from '../player-reducer';
import { updatePlayerPrefs, usePlayerPrefs } from '../player-prefs';
import type { PlayerActions } from '../player-context';

export const SHORTCUTS = [
  { keys: ['Space', 'K'], action: 'Play or pause' },
  { keys: ['J'], action: `Back ${OVERLAY_SEEK_STEP} seconds` },
  { keys: ['L'], action: `Forward ${OVERLAY_SEEK_STEP} seconds` },
  { keys: ['Shift', 'N'], action: 'Next song', combo: true },
  { keys: ['Shift', 'P'], action: 'Previous song', combo: true },
  { keys: ['M'], action: 'Mute or unmute' },
  { keys: ['S'], action: 'Shuffle on or off' },
  { keys: ['R'], action: 'Repeat on or off' },
  { keys: ['?'], action: 'Show this list' },
] as const;

/** True when the key press belongs to a field or control that uses the key itself. */
function isTypingTarget(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return true;
  const role = target.getAttribute('role');
  if (role === 'textbox' || role === 'combobox' || role === 'searchbox') return true;
  // Space activates buttons, links, checkboxes and sliders: leave it to them.
  if (
    key === ' ' &&
    (tag === 'BUTTON' ||
      tag === 'A' ||
      role === 'slider' ||
      role === 'checkbox' ||
      role === 'switch' ||
      role === 'menuitem' ||
      role === 'tab' ||
      role === 'option')
  )
    return true;
  return false;
}

/**
 * Listens for the shortcuts on the window. `hasSong` gates the playback keys; '?' always opens the help.
 * Nothing happens inside an open dialog other than the help itself, or when the setting is off.
 */
export function usePlayerShortcuts(actions: PlayerActions, hasSong: boolean, openHelp: () => void) {
  const { shortcuts } = usePlayerPrefs();
  const latest = useRef({ actions, hasSong, openHelp });
  useEffect(() => {
    latest.current = { actions, hasSong, openHelp };
  });

  useEffect(() => {
    if (!shortcuts) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
      if (isTypingTarget(e.target, e.key)) return;
      if (e.target instanceof Element && e.target.closest('[role="dialog"],[role="alertdialog"]')) return;
      const { actions: a, hasSong: playing, openHelp: help } = latest.current;
      let handled = true;
      const key = e.key;
      if (key === '?') help();
      else if (!playing) handled = false;
      else if (e.shiftKey && (key === 'N' || key === 'n')) a.next();
      else if (e.shiftKey && (key === 'P' || key === 'p')) a.previous();
      else if (e.shiftKey) handled = false;
      else if (key === ' ' || key === 'k' || key === 'K') a.toggle();
      else if (key === 'j' || key === 'J') a.seekBy(-OVERLAY_SEEK_STEP);
      else if (key === 'l' || key === 'L') a.seekBy(OVERLAY_SEEK_STEP);
      else if (key === 'm' || key === 'M') a.toggleMute();
      else if (key === 's' || key === 'S') a.toggleShuffle();
      else if (key === 'r' || key === 'R') a.toggleRepeat();
      else handled = false;
      if (handled) e.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [shortcuts]);
}

/** The help sheet: every shortcut, and the setting that turns them off. */
export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { shortcuts } = usePlayerPrefs();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Keyboard shortcuts"
        description="They work anywhere in the app while you are not typing in a field."
      >
        <table className="w-full text-sm">
          <caption className="sr-only">Player keyboard shortcuts</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">Keys</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {SHORTCUTS.map((s) => (
              <tr key={s.action} className="border-b border-border/60 last:border-0">
                <td className="py-2 pr-4 whitespace-nowrap">
                  {s.keys.map((k, i) => (
                    <span key={k}>
                      {i > 0 ? <span className="px-1 text-muted">{'combo' in s ? '+' : 'or'}</span> : null}
                      <kbd className="rounded-md border border-border bg-surface-2 px-1.5 py-0.5 font-mono text-xs">
                        {k}
                      </kbd>
                    </span>
                  ))}
                </td>
                <td className="py-2">{s.action}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="mt-4 flex items-center gap-2">
          <input
            id="player-shortcuts-enabled"
            type="checkbox"
            className="size-4 accent-purple-500"
            checked={shortcuts}
            onChange={(e) => updatePlayerPrefs({ shortcuts: e.target.checked })}
          />
          <Label htmlFor="player-shortcuts-enabled">Use keyboard shortcuts</Label>
        </div>
        {!shortcuts ? (
          <p className="mt-2 text-sm text-muted">
            Shortcuts are off. Turn them on here again any time (the Keyboard shortcuts button on the player).
          </p>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
