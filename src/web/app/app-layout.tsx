/** The signed-in area's frame: skip link, top navigation, the screen. The player bar lives in <App>. */
import { Suspense, type ReactNode } from 'react';
import { TopNav } from './top-nav';
import { Loading } from '../components/ui/loading';
import { SafetyListeners } from '../features/safety';

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-surface-2 focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <TopNav />
      <SafetyListeners />
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </>
  );
}
