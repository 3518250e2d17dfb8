/** The signed-out landing page (spec section 2): hero, How It Works, and the closing call to action. */
import type { ReactNode } from 'react';
import { Bot, MapPin, Share2, ThumbsUp } from 'lucide-react';
import { buttonBase, buttonClasses, buttonSizes } from '../../../components/ui/button-styles';
import { cx } from '../../../lib/cx';
import { LogoMark } from '../../../components/layout/logo';

const STEPS = [
  {
    icon: Share2,
    title: 'Share Music',
    text: 'Post your favourite tracks with a YouTube link, or share sheet music as a PDF.',
  },
  {
    icon: ThumbsUp,
    title: 'Vote Together',
    text: 'Vote songs up or down. The community decides the global Top 100 mix.',
  },
  {
    icon: MapPin,
    title: 'Venue Mixes',
    text: 'Every bar, club and café has its own mix, voted by the people in the room.',
  },
  { icon: Bot, title: 'AI Assistant', text: 'Ask DJ Verse for recommendations tuned to your mood and the crowd.' },
];

/** 'Get Started' asks /api/login first (spec section 7): 501 means development mode. */
async function handleGetStarted() {
  try {
    const res = await fetch('/api/login', { credentials: 'include', redirect: 'manual' });
    if (res.status === 501) {
      window.alert(
        'Running in development mode. Authentication is only available when deployed to the hosting platform with proper domain configuration.',
      );
      window.location.assign('/');
      return;
    }
  } catch {
    /* in transit failure: go to sign-in anyway */
  }
  // "Get Started" opens the registration form (issue 15), not the sign-in form.
  window.location.assign('/login?mode=register');
}

/**
 * The buttons are plain elements with the button's classes (./button-styles), not <Button>: the landing page is
 * the first load, and <Button> brings Radix's Slot and tailwind-merge (for caller overrides it does not need here).
 */
export function LandingPage({ children }: { children?: ReactNode }) {
  return (
    <>
      <header className="sticky top-0 z-40 border-b border-border/70 bg-background/90 backdrop-blur-lg">
        <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
          <a href="/" aria-label="CrowdMix home" className="inline-flex items-center gap-2">
            <LogoMark />
            <span className="text-xl font-bold tracking-tight">CrowdMix</span>
          </a>
          <a
            href="/login"
            className="ml-auto inline-flex h-9 items-center rounded-full px-3 text-sm font-semibold hover:bg-white/10"
          >
            Sign in
          </a>
        </nav>
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 pb-24">
        <section className="flex flex-col items-center py-10 text-center sm:py-14">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">
            <span className="text-gradient">CrowdMix</span>
          </h1>
          <p className="mt-2 text-lg font-medium text-foreground sm:text-xl">for the love of music</p>
          <p className="mt-4 max-w-2xl text-base text-muted">
            Upload your favourite tracks, vote together, and let the community decide the global Top 100. Every venue
            gets its own crowd-voted mix, community playlists let friends build lists together, and DJ Verse, our AI
            assistant, finds your next favourite song.
          </p>
          <button
            type="button"
            className={cx(buttonClasses('primary', 'lg'), 'mt-6')}
            onClick={() => void handleGetStarted()}
          >
            Get Started
          </button>
        </section>

        {children}

        <section aria-labelledby="how-it-works" className="py-8">
          <h2 id="how-it-works" className="text-center text-3xl font-bold">
            How It Works
          </h2>
          <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl border border-border bg-surface/70 p-6">
                <span className="inline-flex size-11 items-center justify-center rounded-xl bg-accent-soft text-accent-text">
                  <Icon className="size-5" aria-hidden />
                </span>
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-sm text-muted">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="mt-16 rounded-3xl border border-border bg-surface p-10 text-center">
          <h2 className="text-3xl font-bold text-foreground">Ready to Join the Mix?</h2>
          <p className="mt-3 text-muted">Sign in to vote, upload and chat with music lovers everywhere.</p>
          <a
            href="/api/login"
            className={cx(buttonBase, buttonSizes.lg, 'mt-8 bg-foreground text-background hover:bg-white')}
          >
            Sign In to Start Voting
          </a>
        </section>
      </main>
    </>
  );
}
