/** The fixed set of emoji reactions; each one shows on the venue's TV. */
import type { LiveReaction } from '@shared/schemas/live';
import { LIVE_REACTIONS } from '@shared/schemas/live-constants';
import { notifyError } from '../../../lib/notify-error';
import { useReact } from '../api/patron';

const NAMES: Record<LiveReaction, string> = {
  '🔥': 'Fire',
  '❤️': 'Love',
  '🙌': 'Hands up',
  '😂': 'Laughing',
  '🎉': 'Party',
  '👎': 'Thumbs down',
};

export function Reactions({ venueId, disabled, reason }: { venueId: number; disabled: boolean; reason?: string }) {
  const react = useReact(venueId);
  return (
    <div role="group" aria-label="Send a reaction to the screen" title={reason} className="flex flex-wrap gap-2">
      {LIVE_REACTIONS.map((emoji) => (
        <button
          key={emoji}
          type="button"
          aria-label={`React: ${NAMES[emoji]}`}
          disabled={disabled || react.isPending}
          onClick={() => react.mutate(emoji, { onError: (err) => notifyError(err, 'Reaction not sent') })}
          className="inline-flex size-11 items-center justify-center rounded-xl border border-border bg-surface-2 text-xl transition-transform hover:scale-110 active:scale-95 disabled:opacity-50"
        >
          <span aria-hidden>{emoji}</span>
        </button>
      ))}
    </div>
  );
}
