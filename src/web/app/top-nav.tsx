/** The signed-in area's top navigation with the mobile side drawer (spec section 2). */
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { DropdownMenu } from '../components/ui/dropdown-menu';
import { LogOut, Menu, MessageCircle, Settings, ShieldCheck, User as UserIcon } from 'lucide-react';
import { NAV_LINKS, paths } from './routes';
import { useAuth } from '../features/auth';
import { useUnreadCount } from '../features/messages';
import { useAccount } from '../features/account';
import { useNotifications } from '../features/safety';
import { cn } from '../lib/utils';
import { useAfterPaint } from '../lib/preload';
import { Avatar } from '../components/ui/avatar';
import { Dialog, DialogTrigger, SheetContent } from '../components/ui/dialog';
import { SearchBox } from '../features/search';
import { Logo } from '../components/layout/logo';

function isActive(current: string, to: string) {
  return to === '/' ? current === '/' : current === to || current.startsWith(`${to}/`);
}

function NavLinks({ current, onNavigate, vertical }: { current: string; onNavigate?: () => void; vertical?: boolean }) {
  return (
    <ul className={cn('flex gap-1', vertical ? 'flex-col' : 'items-center')}>
      {NAV_LINKS.map((l) => {
        const active = isActive(current, l.to);
        return (
          <li key={l.to}>
            <Link
              href={l.to}
              onClick={onNavigate}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'block rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                active ? 'bg-surface-3 text-foreground' : 'text-muted hover:bg-white/5 hover:text-foreground',
              )}
            >
              {l.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The navigation search box. Issue 8 turns it into real search; until then the text stays local (spec). */
/** The search combobox of the navigation (desktop and drawer); see features/search/components/search-box. */
export function NavSearch({
  className,
  id,
  shortcut,
  onNavigate,
}: {
  className?: string;
  id: string;
  shortcut?: boolean;
  onNavigate?: () => void;
}) {
  return <SearchBox id={id} className={className} shortcut={shortcut} onNavigate={onNavigate} />;
}

/** Link to Messages with the unread count, live over /ws; the badge clears when threads are read. */
function MessagesLink({ signedIn }: { signedIn: boolean }) {
  const painted = useAfterPaint();
  const unread = useUnreadCount(signedIn && painted).data?.count ?? 0;
  if (!signedIn) return null;
  return (
    <Link
      href={paths.messages}
      aria-label={unread ? `Messages, ${unread} unread` : 'Messages'}
      className="relative rounded-lg p-2 text-muted hover:bg-white/10 hover:text-foreground focus-visible:outline-2 focus-visible:outline-accent"
    >
      <MessageCircle className="size-5" aria-hidden />
      {unread ? (
        <span
          data-testid="unread-badge"
          className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-pink-500 px-1 text-[10px] leading-none font-bold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}

/** The header's boxes, shared with the frame painted before the app's code runs (frame-shell.tsx). */
export const HEADER_CLASS = 'sticky top-0 z-40 border-b border-border/70 bg-background/80 backdrop-blur-lg';
export const NAV_CLASS = 'mx-auto flex h-16 max-w-7xl items-center gap-3 px-4';
export const MENU_BUTTON_CLASS = 'rounded-lg p-2 text-muted lg:hidden';

export function TopNav() {
  const [location] = useLocation();
  const { user } = useAuth();
  const [drawer, setDrawer] = useState(false);
  const greeting = user ? `Welcome, ${user.firstName?.trim() || 'there'}` : null;
  // The badges and the admin link are read after the first paint: the screen's own reads come first (ADR 039).
  const painted = useAfterPaint();
  const isAdmin = useAccount(Boolean(user) && painted).data?.isAdmin ?? false;
  const notices = useNotifications(Boolean(user) && painted).data?.unread ?? 0;
  return (
    <header className={HEADER_CLASS}>
      <nav aria-label="Main" className={NAV_CLASS}>
        <Dialog open={drawer} onOpenChange={setDrawer}>
          <DialogTrigger className={cn(MENU_BUTTON_CLASS, 'hover:bg-white/10')} aria-label="Open menu">
            <Menu className="size-5" />
          </DialogTrigger>
          <SheetContent title="Menu">
            <NavSearch id="drawer-search" onNavigate={() => setDrawer(false)} />
            <NavLinks current={location} vertical onNavigate={() => setDrawer(false)} />
            {user ? (
              <ul className="mt-2 flex flex-col gap-1 border-t border-border pt-2" aria-label="You">
                {[
                  { label: 'Messages', to: paths.messages },
                  { label: 'Profile', to: paths.profile },
                ].map((l) => (
                  <li key={l.to}>
                    <Link
                      href={l.to}
                      onClick={() => setDrawer(false)}
                      aria-current={location === l.to ? 'page' : undefined}
                      className="block rounded-lg px-3 py-2 text-sm font-medium text-muted hover:bg-white/5 hover:text-foreground aria-[current=page]:bg-surface-3 aria-[current=page]:text-foreground"
                    >
                      {l.label}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </SheetContent>
        </Dialog>
        <Link href={paths.home} aria-label="CrowdMix home" className="shrink-0">
          <Logo />
        </Link>
        <div className="ml-4 hidden lg:block">
          <NavLinks current={location} />
        </div>
        <div className="ml-auto flex items-center gap-3">
          <NavSearch id="nav-search" className="hidden w-72 xl:block" shortcut />
          {user ? (
            <>
              <span className="hidden text-sm text-muted sm:inline">{greeting}</span>
              <MessagesLink signedIn />
            </>
          ) : (
            // A visitor: Sign in stays in the bar; never a "Guest", a placeholder avatar or a Sign Out.
            <>
              <a
                href={`/login?next=${encodeURIComponent(location)}`}
                className="inline-flex h-9 items-center rounded-full px-3 text-sm font-semibold text-foreground hover:bg-white/10"
              >
                Sign in
              </a>
              <a
                href="/login?mode=register"
                className="hidden h-9 items-center rounded-full bg-accent px-4 text-sm font-semibold text-accent-foreground hover:bg-accent-hover sm:inline-flex"
              >
                Create account
              </a>
            </>
          )}
          {user ? (
            <DropdownMenu.Root>
              <DropdownMenu.Trigger className="rounded-full" aria-label="Account menu">
                <Avatar personId={user?.id} src={user?.profileImageUrl} first={user?.firstName} last={user?.lastName} />
              </DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <DropdownMenu.Content
                  align="end"
                  sideOffset={8}
                  className="z-50 min-w-44 rounded-xl border border-border bg-surface-2 p-1 shadow-2xl"
                >
                  <DropdownMenu.Label className="px-3 py-2 text-xs text-muted sm:hidden">{greeting}</DropdownMenu.Label>
                  <DropdownMenu.Item asChild>
                    <Link
                      href={paths.profile}
                      className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-white/10"
                    >
                      <UserIcon className="size-4" /> Profile
                    </Link>
                  </DropdownMenu.Item>
                  <DropdownMenu.Item asChild>
                    <Link
                      href={paths.account}
                      className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-white/10"
                    >
                      <Settings className="size-4" /> Account settings
                      {notices ? (
                        <span className="ml-auto rounded-full bg-pink-500 px-1.5 text-[10px] font-bold text-white">
                          {notices} new
                        </span>
                      ) : null}
                    </Link>
                  </DropdownMenu.Item>
                  {isAdmin ? (
                    <DropdownMenu.Item asChild>
                      <Link
                        href={paths.admin}
                        className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-white/10"
                      >
                        <ShieldCheck className="size-4" /> Moderation
                      </Link>
                    </DropdownMenu.Item>
                  ) : null}
                  <DropdownMenu.Item asChild>
                    <a
                      href="/api/logout"
                      className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-white/10"
                    >
                      <LogOut className="size-4" /> Sign Out
                    </a>
                  </DropdownMenu.Item>
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          ) : null}
        </div>
      </nav>
    </header>
  );
}
