/** The route table of spec section 2. Screens are loaded on demand so the landing page stays small. */
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Route, Switch, useLocation } from 'wouter';
import { Loading } from '../components/ui/loading';
import { currentUserQueryOptions, pageSaysSignedOut, useAuth } from '../features/auth';
import { LoadBoundary, ScreenFailed } from './load-boundary';
import { paths } from './routes';
import { isHydratingLanding, landingHydrated } from '../lib/hydration';

type Params = Record<string, string>;

/** What a screen's module may export beside the screen: its first GETs, fetched before its first render. */
interface ScreenModule {
  prefetch?: (qc: QueryClient, params: Params) => Promise<unknown>;
}

/**
 * A component loaded on demand. `preload` starts loading its code without rendering it; `ready` resolves once its
 * code (and, given a query client and the route's params, its first data) is there — never rejecting.
 */
type LazyScreen<P extends object = object> = ComponentType<P> & {
  preload: () => void;
  ready: (qc?: QueryClient, params?: Params) => Promise<void>;
};

function page<K extends string, P extends object = object>(
  load: () => Promise<Record<K, ComponentType<NoInfer<P>>> & ScreenModule>,
  name: K,
): LazyScreen<P> {
  let loading: Promise<Record<K, ComponentType<P>> & ScreenModule> | null = null;
  let loaded: ComponentType<P> | null = null;
  // A failed load is forgotten, so that a later render (or preload) tries again.
  const once = () =>
    (loading ??= load().then(
      (m) => {
        loaded = m[name];
        return m;
      },
      (err: unknown) => {
        loading = null;
        throw err;
      },
    ));
  const Lazy = lazy<ComponentType<P>>(async () => ({ default: (await once())[name] }));
  // Code that is already there renders at once, without a Suspense fallback first: main.tsx waits for the first
  // screen's code before the first render, so the frame and the screen come in one commit rather than three. Which
  // of the two a mounted screen uses never changes (switching would remount it).
  function Screen(props: P) {
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Screen, {
    preload: () => void once().catch(() => undefined),
    ready: async (qc?: QueryClient, params?: Params) => {
      try {
        const m = await once();
        if (qc && params && m.prefetch) await m.prefetch(qc, params);
      } catch {
        // The screen shows its own error state when it renders.
      }
    },
  });
}

/**
 * The visitor's landing page is a chunk of its own, not part of every signed-in screen's first script (ADR 047).
 * The prerendered landing is hydrated once it is there (`preloadLanding`, main.tsx; the page's head names it) and
 * prerender.tsx loads it before rendering: both draw it at once, as one tree.
 */
const LandingPage = page<'LandingPage', { children?: ReactNode }>(
  () => import('../features/auth/pages/landing-page'),
  'LandingPage',
);
export const preloadLanding = (): Promise<void> => LandingPage.ready();

// The signed-in frame (top navigation with its menus) is not part of the landing page's first load either.
const loadAppLayout = () => import('./app-layout');
const loadHomePage = () => import('../features/songs/pages/home-page');
const AppLayout = page<'AppLayout', { children: ReactNode }>(loadAppLayout, 'AppLayout');
const HomePage = page(loadHomePage, 'HomePage');
const VisitorMix = lazy(async () => ({ default: (await loadHomePage()).HomeMix }));
const UploadPage = page(() => import('../features/songs/pages/upload-page'), 'UploadPage');
const VenuesPage = page(() => import('../features/venues/pages/venues-page'), 'VenuesPage');
const VenueMixPage = page(() => import('../features/venues/pages/venue-mix-page'), 'VenueMixPage');
// Venue Live: each screen is its own chunk (the patron's phone, the TV, the host's laptop, the QR code's link).
const LivePage = page(() => import('../features/live/pages/live-page'), 'LivePage');
const LiveHostPage = page(() => import('../features/live/pages/host-page'), 'LiveHostPage');
const TvPage = page(() => import('../features/live/pages/tv-page'), 'TvPage');
const JoinPage = page(() => import('../features/live/pages/join-page'), 'JoinPage');
const MessagesPage = page(() => import('../features/messages/pages/messages-page'), 'MessagesPage');
const ChatPage = page(() => import('../features/chat/pages/chat-page'), 'ChatPage');
const AssistantPage = page(() => import('../features/assistant/pages/assistant-page'), 'AssistantPage');
const PlaylistsPage = page(() => import('../features/playlists/pages/playlists-page'), 'PlaylistsPage');
const PlaylistPage = page(() => import('../features/playlists/pages/playlist-page'), 'PlaylistPage');
const ProfilePage = page(() => import('../features/profile/pages/profile-page'), 'ProfilePage');
const SearchPage = page(() => import('../features/search/pages/search-page'), 'SearchPage');
const LoginPage = page(() => import('../features/auth/pages/login-page'), 'LoginPage');
const LogoutPage = page(() => import('../features/auth/pages/logout-page'), 'LogoutPage');
const NotFoundPage = page(() => import('./not-found-page'), 'NotFoundPage');
const AccountPage = page(() => import('../features/account/pages/account-page'), 'AccountPage');
const AdminPage = page(() => import('../features/admin/pages/admin-page'), 'AdminPage');
const ForgotPasswordPage = page(() => import('../features/account/pages/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('../features/account/pages/reset-password-page'), 'ResetPasswordPage');

/** '/' is the landing page while signed out or while auth loads, the home screen when signed in. */
function Root() {
  const { isAuthenticated, isLoading, isPending } = useAuth();
  const qc = useQueryClient();
  // The first render must be the prerendered landing page whatever the sign-in check did meanwhile: a visitor's
  // check needs no request and can answer before hydration renders this (then the mix below would be there and the
  // markup would not match: React error #418, and the page painted again). So, while hydrating, the mix waits for
  // the first commit.
  const [hydrated, setHydrated] = useState(() => !isHydratingLanding());
  useEffect(() => {
    landingHydrated();
    setHydrated(true);
  }, []);
  useEffect(() => {
    // A page requested with a session cookie is most likely signed in: load the home screen, its code and its
    // data, while the auth check runs rather than after it (one round trip less before the mix shows).
    if (!isLoading || pageSaysSignedOut()) return;
    void loadAppLayout();
    void loadHomePage().then((m) => m.prefetchHomeData(qc));
  }, [isLoading, qc]);
  // A visitor's landing page shows the live Top 100 and Trending under its hero, playable (issue 15); the hero
  // alone is prerendered, the mix loads after it. Until the mix's own loading state is there, its place holds a
  // screen's height (prerendered too), so How It Works starts below the fold and the arriving mix moves nothing the
  // visitor sees (it was most of the landing page's layout shift).
  // While the check is pending this is exactly the prerendered landing page, which the browser hydrates.
  if (isPending || !hydrated || !isAuthenticated) {
    const placeholder = (
      <div className="min-h-[100svh]" data-testid="mix-placeholder">
        <Loading label="Loading the Top 100..." />
      </div>
    );
    return (
      <LandingPage>
        <section aria-label="The live Top 100" className="py-6">
          {isPending || !hydrated ? (
            placeholder
          ) : (
            <Suspense fallback={placeholder}>
              <VisitorMix visitor />
            </Suspense>
          )}
        </section>
      </LandingPage>
    );
  }
  return (
    <AppLayout>
      <HomePage />
    </AppLayout>
  );
}

const framed = new Map<LazyScreen, ComponentType>();
/**
 * The screen inside the signed-in frame. Its code starts loading beside the frame's, not once the frame has loaded
 * (a screen's first paint waited for two chunk round trips in a row). One wrapper per screen, so a re-render of the
 * router never remounts the screen.
 */
function inLayout(C: LazyScreen): ComponentType {
  let Wrapped = framed.get(C);
  if (!Wrapped) {
    Wrapped = function Framed() {
      C.preload();
      return (
        <AppLayout>
          <C />
        </AppLayout>
      );
    };
    framed.set(C, Wrapped);
  }
  return Wrapped;
}

/** Every route but `/` (Root) in match order: its path, its screen, and whether the screen sits in the frame. */
const ROUTES: ReadonlyArray<{ path: string; screen: LazyScreen; framed: boolean }> = [
  { path: paths.login, screen: LoginPage, framed: false },
  { path: paths.logout, screen: LogoutPage, framed: false },
  { path: paths.venueMix, screen: VenueMixPage, framed: true },
  { path: paths.venueLiveHost, screen: LiveHostPage, framed: true },
  { path: paths.venueLive, screen: LivePage, framed: true },
  { path: paths.venueTv, screen: TvPage, framed: false },
  { path: paths.join, screen: JoinPage, framed: true },
  { path: paths.upload, screen: UploadPage, framed: true },
  { path: paths.venues, screen: VenuesPage, framed: true },
  { path: paths.messages, screen: MessagesPage, framed: true },
  { path: paths.chat, screen: ChatPage, framed: true },
  { path: paths.ai, screen: AssistantPage, framed: true },
  { path: paths.playlists, screen: PlaylistsPage, framed: true },
  { path: paths.playlist, screen: PlaylistPage, framed: true },
  { path: paths.profile, screen: ProfilePage, framed: true },
  { path: paths.search, screen: SearchPage, framed: true },
  { path: paths.account, screen: AccountPage, framed: true },
  { path: paths.admin, screen: AdminPage, framed: true },
  { path: paths.forgotPassword, screen: ForgotPasswordPage, framed: false },
  { path: paths.resetPassword, screen: ResetPasswordPage, framed: false },
];
const components = new Map(ROUTES.map((r) => [r, r.framed ? inLayout(r.screen) : r.screen]));
const NotFound = inLayout(NotFoundPage);

/** `/venue/:id/mix` against a pathname: the named params, or null. */
function matchPath(pattern: string, pathname: string): Params | null {
  const names: string[] = [];
  const source = pattern.replace(/:(\w+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const m = new RegExp(`^${source}/?$`, 'i').exec(pathname);
  if (!m) return null;
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(m[i + 1] ?? '')]));
}

/**
 * Loads the code of the screen at `pathname` (and of the frame around it) and its first data, so that the first
 * render draws the screen itself rather than a loading state, then the frame, then the screen: each of those was a
 * render and a commit of its own before the page's content. The page names that code and data in its head
 * (src/server/plugins/spa.ts), so they are usually there by the time the boot script runs. The caller's session check
 * goes with them on every path: a screen drawn before it answered showed a signed-in caller "Login to Upload", then
 * added Join and Report buttons that pushed the page down (a layout shift Lighthouse counted on the playlist). A
 * visitor's `/` is not rendered from here (the landing page is prerendered and hydrated).
 */
export async function preloadRoute(pathname: string, qc: QueryClient): Promise<void> {
  const session = qc.prefetchQuery(currentUserQueryOptions());
  if (pathname === paths.home) {
    // A page asked with a session cookie is most likely a signed-in caller's home: its code, frame and data load
    // beside the session check, and the first render draws the home screen. (Drawn first, the landing page's hero
    // flashed before every signed-in home.)
    const home = pageSaysSignedOut() ? [] : [HomePage.ready(qc, {}), AppLayout.ready()];
    await Promise.all([session, ...home]);
    return;
  }
  for (const route of ROUTES) {
    const params = matchPath(route.path, pathname);
    if (!params) continue;
    await Promise.all([session, route.screen.ready(qc, params), route.framed ? AppLayout.ready() : undefined]);
    return;
  }
  await Promise.all([session, NotFoundPage.ready(), AppLayout.ready()]);
}

/** The screens; one that cannot load or render says so (and the next location tries again) instead of a blank page. */
export function Router() {
  const [location] = useLocation();
  return (
    <LoadBoundary fallback={<ScreenFailed />} resetKey={location}>
      <Suspense fallback={<Loading />}>
        <Switch>
          <Route path={paths.home} component={Root} />
          {ROUTES.map((route) => (
            <Route key={route.path} path={route.path} component={components.get(route)!} />
          ))}
          <Route component={NotFound} />
        </Switch>
      </Suspense>
    </LoadBoundary>
  );
}
