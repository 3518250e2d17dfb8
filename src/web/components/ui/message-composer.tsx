/**
 * A message box with a send button (spec section 5): blank text is not sent, Enter sends, Shift+Enter makes a new
 * line, and sending is disabled while a send is pending.
 */
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Loader2, Send } from 'lucide-react';
import { cn } from '../../lib/utils';
import { Button } from './button';
import { Textarea } from './input';

export function MessageComposer({
  id,
  placeholder,
  label,
  pending,
  onSend,
  value: controlled,
  onValueChange,
  className,
  inputClassName,
}: {
  id: string;
  placeholder: string;
  /** The accessible name of the text box. */
  label: string;
  pending: boolean;
  /** Sends the trimmed text; the box is cleared at once (callers put it back on failure via `value`). */
  onSend: (text: string) => void;
  value?: string;
  onValueChange?: (v: string) => void;
  className?: string;
  /** Classes for the text box (e.g. a smaller placeholder where a long one would be cut on a phone). */
  inputClassName?: string;
}) {
  const [own, setOwn] = useState('');
  const value = controlled ?? own;
  const setValue = onValueChange ?? setOwn;
  const canSend = value.trim().length > 0 && !pending;

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!canSend) return;
    onSend(value.trim());
    setValue('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={submit} className={cn('flex items-end gap-2', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Textarea
        id={id}
        rows={1}
        value={value}
        maxLength={2000}
        placeholder={placeholder}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={onKeyDown}
        className={cn('max-h-40 min-h-10 resize-none placeholder:truncate', inputClassName)}
      />
      <Button type="submit" size="icon" disabled={!canSend} aria-label="Send message" className="shrink-0">
        {pending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
      </Button>
    </form>
  );
}
