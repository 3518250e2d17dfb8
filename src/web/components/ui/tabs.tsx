/**
 * Tabs styled as a pill switcher: the WAI-ARIA tabs pattern as Radix's Tabs implements it (same roles, ids, states
 * and keys: arrows, Home and End move between tabs and select the one they reach; the inactive panels are empty
 * and hidden), without Radix's roving-focus and collection code (8 KB gzip on the four routes with tabs, ADR 028).
 */
import {
  createContext,
  useContext,
  useId,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { cn } from '../../lib/utils';

interface TabsState {
  value: string | undefined;
  select: (value: string) => void;
  baseId: string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tabs parts must be inside <Tabs>');
  return state;
}

const idOf = (baseId: string, part: 'trigger' | 'content', value: string) =>
  `${baseId}-${part}-${value.replace(/\s+/g, '-')}`;

type TabsProps = Omit<ComponentProps<'div'>, 'defaultValue' | 'dir'> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

export function Tabs({ value, defaultValue, onValueChange, ...props }: TabsProps) {
  const [own, setOwn] = useState(defaultValue);
  const baseId = useId();
  const current = value ?? own;
  const select = (next: string) => {
    if (next === current) return;
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ value: current, select, baseId }}>
      <div dir="ltr" data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  );
}

/** Arrow keys, Home and End move the focus between the list's enabled tabs (wrapping), which selects them. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const keys: Record<string, (i: number, n: number) => number> = {
    ArrowRight: (i, n) => (i + 1) % n,
    ArrowLeft: (i, n) => (i - 1 + n) % n,
    Home: () => 0,
    End: (_, n) => n - 1,
  };
  const step = keys[event.key];
  if (!step || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not([disabled])')];
  const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0 || !tabs.length) return;
  event.preventDefault();
  tabs[step(at, tabs.length)].focus();
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={cn(
        'grid auto-cols-fr grid-flow-col gap-1 rounded-xl border border-border bg-surface-2 p-1',
        className,
      )}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
      {...props}
    />
  );
}

export function TabsTrigger({
  className,
  value,
  disabled,
  onMouseDown,
  onKeyDown,
  onFocus,
  ...props
}: ComponentProps<'button'> & { value: string }) {
  const tabs = useTabs();
  const active = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={idOf(tabs.baseId, 'trigger', value)}
      aria-selected={active}
      aria-controls={idOf(tabs.baseId, 'content', value)}
      data-state={active ? 'active' : 'inactive'}
      data-orientation="horizontal"
      disabled={disabled}
      data-disabled={disabled ? '' : undefined}
      // Roving focus: Tab reaches the active tab only; the arrows move between the others.
      tabIndex={active ? 0 : -1}
      className={cn(
        'inline-flex h-9 items-center justify-center gap-2 rounded-lg px-3 text-sm font-medium text-muted transition-colors hover:text-foreground data-[state=active]:bg-surface-3 data-[state=active]:text-foreground [&_svg]:size-4',
        className,
      )}
      onMouseDown={(event: MouseEvent<HTMLButtonElement>) => {
        onMouseDown?.(event);
        // As Radix: the primary button selects on press; a ctrl-click (the context menu on macOS) does not.
        if (event.defaultPrevented) return;
        if (!disabled && event.button === 0 && !event.ctrlKey) tabs.select(value);
        else event.preventDefault(); // no focus, so no selection by focus either
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented && (event.key === ' ' || event.key === 'Enter')) tabs.select(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        // Automatic activation: a tab reached with the keyboard is selected.
        if (!event.defaultPrevented && !disabled) tabs.select(value);
      }}
      {...props}
    />
  );
}

export function TabsContent({ className, value, children, ...props }: ComponentProps<'div'> & { value: string }) {
  const tabs = useTabs();
  const active = tabs.value === value;
  return (
    <div
      role="tabpanel"
      id={idOf(tabs.baseId, 'content', value)}
      aria-labelledby={idOf(tabs.baseId, 'trigger', value)}
      data-state={active ? 'active' : 'inactive'}
      data-orientation="horizontal"
      hidden={!active}
      tabIndex={0}
      className={cn('mt-5 outline-none', className)}
      {...props}
    >
      {active && children}
    </div>
  );
}
