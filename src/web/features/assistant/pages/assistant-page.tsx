/** DJ Verse, the AI assistant (spec section 2): persona, badges, example prompts, the chat log and the picks. */
import { useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { Disc3, Loader2, RotateCcw, Sparkles } from 'lucide-react';
import type { RecommendationCard as Card } from '@shared/schemas/assistant';
import { RequireAuth } from '../../../app/auth-required';
import { Page } from '../../../components/layout/page';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card as Panel } from '../../../components/ui/card';
import { MessageComposer } from '../../../components/ui/message-composer';
import { ApiError } from '../../../lib/api-client';
import { handleUnauthorized } from '../../../lib/auth-redirect';
import { scrollBehavior } from '../../../lib/motion';
import { toast } from '../../../lib/toast';
import { cn, isMobileBrowser } from '../../../lib/utils';
import { useAuth } from '../../auth';
import { useClearAiHistory } from '../api/clear-ai-history';
import { useAiHistory } from '../api/get-ai-history';
import { useSendAiMessage } from '../api/send-ai-message';
import { RecommendationCard } from '../components/recommendation-card';

/** Spec section 8: the reply shown when the assistant answers with an error. */
export const TECHNICAL_DIFFICULTIES =
  "Sorry, I'm having some technical difficulties right now. My rhymes are still loading! Try asking me something else.";

const EXAMPLES = [
  { group: 'Recommendations', prompt: 'Recommend me five songs I might like' },
  { group: 'Genres', prompt: 'Chill indie songs' },
  { group: 'Moods', prompt: 'Workout music to get pumped up' },
  { group: 'Artists', prompt: 'Songs similar to Coldplay' },
] as const;

type Entry =
  { id: string; from: 'user'; text: string } | { id: string; from: 'dj'; text: string; cards: Card[]; error?: boolean };

export function AssistantPage() {
  return (
    <Page className="flex h-app flex-col py-3 sm:py-4">
      <RequireAuth message="Please log in to chat with DJ Verse.">
        <Assistant />
      </RequireAuth>
    </Page>
  );
}

function Assistant() {
  const { user } = useAuth();
  const history = useAiHistory();
  const send = useSendAiMessage();
  const clear = useClearAiHistory();
  const [local, setLocal] = useState<Entry[]>([]);
  const [pendingText, setPendingText] = useState<string | null>(null);
  const search = useSearch();
  const [draft, setDraft] = useState('');
  const endRef = useRef<HTMLDivElement>(null);

  const entries: Entry[] = [
    ...(history.data ?? []).flatMap((t): Entry[] => [
      { id: `u${t.id}`, from: 'user', text: t.message },
      { id: `d${t.id}`, from: 'dj', text: t.response, cards: t.recommendations },
    ]),
    ...local,
  ];

  const ask = (text: string) => {
    if (!text.trim() || send.isPending) return;
    setPendingText(text);
    send.mutate(text, {
      onSettled: () => setPendingText(null),
      onError: (err) => {
        if (handleUnauthorized(err)) return;
        const limited = err instanceof ApiError && err.status === 429;
        const reply = limited ? err.serverMessage : TECHNICAL_DIFFICULTIES;
        const stamp = `${Date.now()}`;
        setLocal((l) => [
          ...l,
          { id: `lu${stamp}`, from: 'user', text },
          { id: `ld${stamp}`, from: 'dj', text: reply, cards: [], error: true },
        ]);
        if (limited) toast({ title: 'Slow down', description: err.serverMessage, variant: 'destructive' });
        else
          toast({
            title: 'Connection Issue',
            description: 'DJ Verse could not answer. Please try again.',
            variant: 'destructive',
          });
      },
    });
  };

  // A prompt from the Home card (/ai?q=…) fills the box and waits for Send: a link, from anywhere, must not speak
  // for the user (stored in their history, spending their quota). Issue 13, finding 8; ADR 014.
  useEffect(() => {
    const q = new URLSearchParams(search).get('q')?.trim();
    if (!q) return;
    setDraft(q.slice(0, 1000));
    window.history.replaceState(null, '', '/ai');
    document.getElementById('ai-message')?.focus();
  }, [search]);

  useEffect(() => {
    if (isMobileBrowser()) return;
    endRef.current?.scrollIntoView({ block: 'end', behavior: scrollBehavior() });
  }, [entries.length, pendingText]);

  const startOver = () =>
    clear.mutate(undefined, {
      onSuccess: () => setLocal([]),
      onError: (err) => {
        if (!handleUnauthorized(err))
          toast({
            title: 'Error',
            description: 'Could not clear the conversation. Please try again.',
            variant: 'destructive',
          });
      },
    });

  const empty = entries.length === 0 && !pendingText;

  return (
    <div className="mx-auto flex min-h-0 w-full max-w-4xl flex-1 flex-col gap-2 sm:gap-3">
      <header className="flex items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span
            className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent text-accent-foreground"
            aria-hidden
          >
            <Disc3 className="size-6" />
          </span>
          <div className="min-w-0">
            <h1 className="text-xl font-bold tracking-tight sm:text-2xl">DJ Verse</h1>
            <p className="text-sm text-muted sm:truncate">Your AI music assistant — picks that rhyme with your vibe.</p>
          </div>
        </div>
        {entries.length ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={startOver}
            disabled={clear.isPending || send.isPending}
            className="shrink-0"
          >
            <RotateCcw aria-hidden />
            <span className="sr-only sm:not-sr-only">New conversation</span>
          </Button>
        ) : null}
      </header>
      <ul className="flex gap-1.5 [&>li]:shrink-0 [&>li]:whitespace-nowrap" aria-label="About DJ Verse">
        <li>
          <Badge>
            <Sparkles className="size-3" aria-hidden />
            AI Powered
          </Badge>
        </li>
        {/* On a phone the two descriptive badges give their row to the conversation. */}
        <li className="hidden sm:list-item">
          <Badge variant="secondary">Music Expert</Badge>
        </li>
        <li className="hidden sm:list-item">
          <Badge variant="secondary">Real-time Recommendations</Badge>
        </li>
        <li>
          <Badge variant="success">
            <span className="size-1.5 rounded-full bg-green-400" aria-hidden />
            Online
          </Badge>
        </li>
      </ul>

      <Panel className="flex min-h-0 flex-1 flex-col">
        <div
          role="log"
          aria-label="Conversation with DJ Verse"
          aria-live="polite"
          className="flex-1 space-y-4 overflow-y-auto p-3 sm:p-5"
        >
          {history.isLoading ? (
            <p className="flex items-center gap-2 text-sm text-muted">
              <Loader2 className="size-4 animate-spin" aria-hidden /> Loading your conversation...
            </p>
          ) : history.isError ? (
            <p className="text-sm text-red-300">
              Could not load your earlier conversation. You can still ask DJ Verse something new.
            </p>
          ) : null}
          {empty && !history.isLoading ? <EmptyState onPick={ask} disabled={send.isPending} /> : null}
          {entries.map((e) =>
            e.from === 'user' ? <UserBubble key={e.id} text={e.text} /> : <DjBubble key={e.id} entry={e} />,
          )}
          {pendingText ? (
            <>
              <UserBubble text={pendingText} />
              <div className="flex items-center gap-2 text-sm text-muted" role="status">
                <Loader2 className="size-4 animate-spin" aria-hidden /> DJ Verse is digging through the crates...
              </div>
            </>
          ) : null}
          <div ref={endRef} />
        </div>
        <div className="border-t border-border p-2 sm:p-3">
          <MessageComposer
            id="ai-message"
            label="Message DJ Verse"
            placeholder="Ask DJ Verse for music recommendations..."
            // The spec's placeholder is 41 characters: at the text's 16 px it was cut mid-word on a 375 px phone.
            inputClassName="max-sm:placeholder:text-[13px]"
            pending={send.isPending}
            onSend={ask}
            value={draft}
            onValueChange={setDraft}
          />
          <p className="mt-1.5 hidden text-xs text-muted sm:block">
            {user?.currentMood ? `Tuned to your ${user.currentMood} mood. ` : ''}Try a genre, a mood, an artist or “more
            like the second one”.
          </p>
        </div>
      </Panel>
    </div>
  );
}

function EmptyState({ onPick, disabled }: { onPick: (prompt: string) => void; disabled: boolean }) {
  return (
    <div className="mx-auto max-w-2xl py-6 text-center">
      <Disc3 className="mx-auto size-12 text-pink-300" aria-hidden />
      <h2 className="mt-3 text-xl font-semibold">Yo! DJ Verse on the decks</h2>
      <p className="mt-1 text-sm text-muted">
        Ask for recommendations, genres, moods or artists — every pick comes from the CrowdMix catalogue and its votes.
      </p>
      <ul className="mt-5 grid gap-2 text-left sm:grid-cols-2">
        {EXAMPLES.map((ex) => (
          <li key={ex.prompt}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onPick(ex.prompt)}
              className="w-full rounded-xl border border-border bg-surface-2/60 p-3 text-left transition-colors hover:border-pink-400/60 hover:bg-white/5 disabled:opacity-50"
            >
              <span className="block text-xs font-medium tracking-wide text-pink-300 uppercase">{ex.group}</span>
              <span className="mt-0.5 block text-sm">“{ex.prompt}”</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function UserBubble({ text }: { text: string }) {
  return (
    <div className="flex justify-end">
      <p className="max-w-[85%] rounded-2xl rounded-br-sm bg-accent px-4 py-2 text-sm break-words whitespace-pre-wrap text-accent-foreground">
        <span className="sr-only">You: </span>
        {text}
      </p>
    </div>
  );
}

function DjBubble({ entry }: { entry: Extract<Entry, { from: 'dj' }> }) {
  return (
    <div className="flex gap-2 sm:gap-3">
      <span
        className="mt-1 grid size-8 shrink-0 place-items-center rounded-full bg-accent text-accent-foreground"
        aria-hidden
      >
        <Disc3 className="size-4" />
      </span>
      <div className="min-w-0 flex-1 space-y-3">
        <p
          className={cn(
            'inline-block max-w-full rounded-2xl rounded-tl-sm border px-4 py-2 text-sm break-words whitespace-pre-wrap',
            entry.error ? 'border-red-400/40 bg-red-500/10' : 'border-border bg-surface-2',
          )}
        >
          <span className="sr-only">DJ Verse: </span>
          {entry.text}
        </p>
        {entry.cards.length ? (
          <div className="grid grid-cols-1 gap-2 lg:grid-cols-2">
            {entry.cards.map((c) => (
              <RecommendationCard key={c.songId} card={c} list={entry.cards} />
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}
