/** 'Add Song' for a member who may propose; 'Login to Add Songs' for a visitor; nothing otherwise. */
import { LogIn, Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button';

export function AddSongButton({
  label,
  canPropose,
  signedOut,
  onAdd,
}: {
  label: string;
  canPropose: boolean;
  /** True once the session is known to be signed out (not while it loads). */
  signedOut: boolean;
  onAdd: () => void;
}) {
  if (canPropose)
    return (
      <Button onClick={onAdd}>
        <Plus aria-hidden /> {label}
      </Button>
    );
  if (signedOut)
    return (
      <Button asChild variant="secondary">
        <a href="/api/login">
          <LogIn aria-hidden /> Login to Add Songs
        </a>
      </Button>
    );
  return null;
}
