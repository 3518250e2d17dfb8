/** The route table of spec section 2. Screens are loaded on demand so the landing page stays small. */
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Route, Switch } from 'wouter';
import { Loading } from '../components/ui/loading';
import { LandingPage } from '../features/auth/pages/landing-page';
import { pageSaysSignedOut, useAuth } from '../features/auth';
import { paths } from './routes';
import { isHydratingLanding, landingHydrated } from '../lib/hydration';

/** A screen loaded on demand; `preload` starts loading its code without rendering it. */
type LazyScreen = ComponentType & { preload?: () => void };

function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyScreen {
  let loading: Promise<Record<K, ComponentType>> | null = null;
  // A failed load is forgotten, so that a later render (or preload) tries again.
  const once = () =>
    (loading ??= load().catch((err: unknown) => {
      loading = null;
      throw err;
    }));
  const Screen = lazy<ComponentType>(async () => ({ default: (await once())[name] }));
  return Object.assign(Screen, { preload: () => void once().catch(() => undefined) });
}

// The signed-in frame (top navigation with its menus) is not part of the landing page's first load either.
const loadAppLayout = () => import('./app-layout');
const loadHomePage = () => import('../features/songs/pages/home-page');
const AppLayout = lazy(async () => ({ default: (await loadAppLayout()).AppLayout }));
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
      C.preload?.();
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

export function Router() {
  return (
    <Suspense fallback={<Loading />}>
      <Switch>
        <Route path={paths.home} component={Root} />
        <Route path={paths.login} component={LoginPage} />
        <Route path={paths.logout} component={LogoutPage} />
        <Route path={paths.venueMix} component={inLayout(VenueMixPage)} />
        <Route path={paths.venueLiveHost} component={inLayout(LiveHostPage)} />
        <Route path={paths.venueLive} component={inLayout(LivePage)} />
        <Route path={paths.venueTv} component={TvPage} />
        <Route path={paths.join} component={inLayout(JoinPage)} />
        <Route path={paths.upload} component={inLayout(UploadPage)} />
        <Route path={paths.venues} component={inLayout(VenuesPage)} />
        <Route path={paths.messages} component={inLayout(MessagesPage)} />
        <Route path={paths.chat} component={inLayout(ChatPage)} />
        <Route path={paths.ai} component={inLayout(AssistantPage)} />
        <Route path={paths.playlists} component={inLayout(PlaylistsPage)} />
        <Route path={paths.playlist} component={inLayout(PlaylistPage)} />
        <Route path={paths.profile} component={inLayout(ProfilePage)} />
        <Route path={paths.search} component={inLayout(SearchPage)} />
        <Route path={paths.account} component={inLayout(AccountPage)} />
        <Route path={paths.admin} component={inLayout(AdminPage)} />
        <Route path={paths.forgotPassword} component={ForgotPasswordPage} />
        <Route path={paths.resetPassword} component={ResetPasswordPage} />
        <Route component={inLayout(NotFoundPage)} />
      </Switch>
    </Suspense>
  );
}
