/**
 * Messages (/messages, spec section 2): conversations on the left, the thread on the right; on mobile the two
 * alternate with a back button. `?with={userId}` opens (or starts) the conversation with that person.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { MessagesSquare } from 'lucide-react';
import type { CurrentUser } from '@shared/schemas/auth';
import { paths, href } from '../../../app/routes';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Loading } from '../../../components/ui/loading';
import { goToLogin } from '../../../lib/auth-redirect';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { useAuth } from '../../auth';
import { useConversations } from '../api/get-conversations';
import { useUser } from '../api/get-user';
import { ConversationList } from '../components/conversation-list';
import { Thread } from '../components/thread';
import { StateView } from '../../../components/ui/state-view';

export function MessagesPage() {
  const { user, isLoading } = useAuth();
  const told = useRef(false);
  useEffect(() => {
    if (isLoading || user || told.current) return;
    told.current = true;
    toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
    goToLogin(500);
  }, [isLoading, user]);
  if (!user)
    return (
      <Page>
        <Loading />
      </Page>
    );
  return <Messages user={user} />;
}

function Messages({ user }: { user: CurrentUser }) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const raw = new URLSearchParams(search).get('with');
  const selectedId = raw && raw !== user.id ? raw : null;
  const conversations = useConversations();
  const list = conversations.data ?? [];
  const existing = list.find((c) => c.otherUser.id === selectedId)?.otherUser ?? null;
  const fetched = useUser(selectedId && !existing ? selectedId : null);
  const other = existing ?? fetched.data ?? null;
  const draftWith = selectedId && !existing && fetched.data ? fetched.data : null;
  const unknownUser = Boolean(selectedId && !existing && fetched.isError);

  return (
    <Page>
      <h1 className="mb-6 font-display text-3xl font-bold">
        <span className="text-gradient">Messages</span>
      </h1>
      <Card className="grid h-[calc(100vh-13rem)] min-h-[28rem] overflow-hidden md:grid-cols-[20rem_minmax(0,1fr)]">
        <nav
          aria-label="Conversations"
          className={cn('min-h-0 overflow-y-auto border-border/60 md:border-r', selectedId && 'hidden md:block')}
        >
          <h2 className="px-4 pt-4 pb-2 text-sm font-semibold tracking-wide text-muted uppercase">Conversations</h2>
          {conversations.isLoading ? (
            <Loading />
          ) : conversations.isError ? (
            <StateView
              compact
              kind="error"
              title="Conversations could not be loaded"
              error={conversations.error}
              onRetry={() => void conversations.refetch()}
            />
          ) : (
            <ConversationList
              conversations={list}
              draftWith={draftWith}
              selectedId={selectedId}
              meId={user.id}
              onSelect={(id) => navigate(href.messagesWith(id))}
            />
          )}
        </nav>
        <div className={cn('min-h-0', !selectedId && 'hidden md:block')}>
          {selectedId && !unknownUser ? (
            <Thread
              key={selectedId}
              other={other}
              otherId={selectedId}
              meId={user.id}
              onBack={() => navigate(paths.messages)}
            />
          ) : (
            <div className="flex h-full flex-col items-center justify-center p-8 text-center">
              <MessagesSquare className="size-12 text-purple-300/70" aria-hidden />
              <h2 className="mt-4 text-xl font-semibold">{unknownUser ? 'User not found' : 'Select a Conversation'}</h2>
              <p className="mt-1 max-w-sm text-sm text-muted">
                {unknownUser
                  ? 'That person does not exist. Pick one of your conversations instead.'
                  : 'Choose a conversation on the left, or message someone from the Chat page.'}
              </p>
              {unknownUser ? (
                <Button variant="secondary" className="mt-4 md:hidden" onClick={() => navigate(paths.messages)}>
                  Back to conversations
                </Button>
              ) : null}
            </div>
          )}
        </div>
      </Card>
    </Page>
  );
}
