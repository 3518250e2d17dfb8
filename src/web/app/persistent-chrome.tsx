/**
 * The parts of the app that persist across screens but are not needed for the first paint: the player bar
 * (YouTube adapter, sliders, tooltips) and the toasts. Loaded lazily by <App> to keep the landing page's
 * initial JavaScript small.
 */
import { Tooltip } from 'radix-ui';
import { Toaster } from '../components/ui/toaster';
import { PlayerBar } from '../features/player';

export function PersistentChrome() {
  return (
    <>
      <Tooltip.Provider delayDuration={700}>
        <PlayerBar />
      </Tooltip.Provider>
      <Toaster />
    </>
  );
}
