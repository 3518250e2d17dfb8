/** Messages from people one blocked are folded, run by run, into "N hidden messages" that can be revealed. */

export type ChatItem<M> = { kind: 'message'; message: M } | { kind: 'hidden'; key: string; messages: M[] };

/** Groups consecutive messages whose sender is blocked; the rest stay as they are, in order. */
export function foldBlocked<M extends { id: number; senderId: string }>(
  messages: readonly M[],
  blocked: ReadonlySet<string>,
): ChatItem<M>[] {
  const out: ChatItem<M>[] = [];
  for (const m of messages) {
    if (!blocked.has(m.senderId)) {
      out.push({ kind: 'message', message: m });
      continue;
    }
    const last = out[out.length - 1];
    if (last?.kind === 'hidden') last.messages.push(m);
    else out.push({ kind: 'hidden', key: `hidden-${m.id}`, messages: [m] });
  }
  return out;
}

export const hiddenLabel = (n: number) => `${n} hidden message${n === 1 ? '' : 's'}`;
