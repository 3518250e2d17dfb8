/** Type the code shown on the venue's screen to join (the QR code does the same). */
import { useId, useState, type FormEvent } from 'react';
import { LogIn } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { useJoinLive } from '../api/patron';

export function CodeEntry({ onJoined }: { onJoined?: (venueId: number) => void }) {
  const id = useId();
  const join = useJoinLive();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const clean = code.trim().toUpperCase().replace(/[\s-]/g, '');
    if (!clean) {
      setError('Type the code shown on the venue’s screen');
      return;
    }
    setError(null);
    join.mutate(clean, {
      onSuccess: (r) => onJoined?.(r.venueId),
      onError: (err) => setError(errorMessage(err, 'Could not join. Please try again.')),
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
      <Label htmlFor={`${id}-code`}>Join code from the venue’s screen</Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-code`}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          placeholder="6 letters or digits"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-12 font-mono text-lg tracking-[0.3em] uppercase placeholder:font-sans placeholder:text-sm placeholder:tracking-normal placeholder:normal-case"
        />
        <Button type="submit" size="lg" disabled={join.isPending}>
          <LogIn aria-hidden /> Join
        </Button>
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </form>
  );
}
