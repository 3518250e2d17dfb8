/** 'Create Community Playlist': name, description, mode, the two sliders and the six gradient presets (spec 5 and 9). */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Check, Loader2 } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { COLLABORATIVE_MODES, PLAYLIST_GRADIENTS, PLAYLIST_LIMITS, type CollaborativeMode } from '@shared/constants';
import { CreatePlaylistSchema } from '@shared/schemas/playlist';
import { href } from '../../../app/routes';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { FieldError, Input, Label, Select, Textarea } from '../../../components/ui/input';
import { Slider } from '../../../components/ui/slider';
import { notifyError } from '../../../lib/notify-error';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { useCreatePlaylist } from '../api/create-playlist';
import { MODE_INFO } from './mode-badge';

type Field = 'name' | 'description' | 'collaborativeMode' | 'voteThreshold' | 'maxSongs' | 'gradient';

const initial = () => ({
  name: '',
  description: '',
  collaborativeMode: 'democratic' as CollaborativeMode,
  voteThreshold: PLAYLIST_LIMITS.thresholdDefault as number,
  maxSongs: PLAYLIST_LIMITS.maxSongsDefault as number,
  gradient: PLAYLIST_GRADIENTS[0].value as string,
});

export function CreatePlaylistDialog({ trigger }: { trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const create = useCreatePlaylist();
  const [, navigate] = useLocation();
  const id = useId();
  const set = <K extends keyof ReturnType<typeof initial>>(key: K, value: ReturnType<typeof initial>[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setForm(initial());
      setErrors({});
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = CreatePlaylistSchema.safeParse(form);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const f = issue.path[0] as Field;
        next[f] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    create.mutate(form, {
      onSuccess: (playlist) => {
        toast({
          title: 'Playlist Created!',
          description: `"${playlist.name}" is ready. Invite friends to propose songs.`,
          variant: 'success',
        });
        setOpen(false);
        navigate(href.playlist(playlist.id));
      },
      onError: (err) => notifyError(err, 'Creation Failed', 'Failed to create playlist'),
    });
  };

  const field = (f: Field) => ({
    id: `${id}-${f}`,
    'aria-invalid': errors[f] ? true : undefined,
    'aria-describedby': errors[f] ? `${id}-${f}-error` : undefined,
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        title="Create Community Playlist"
        description="Start a playlist and decide together which songs make it in."
      >
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-name`}>Name</Label>
            <Input
              {...field('name')}
              value={form.name}
              onChange={(e) => set('name', e.target.value)}
              placeholder="Road Trip Anthems"
              maxLength={PLAYLIST_LIMITS.nameMax + 20}
              autoComplete="off"
            />
            <FieldError id={`${id}-name-error`}>{errors.name}</FieldError>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-description`}>Description</Label>
            <Textarea
              {...field('description')}
              value={form.description}
              onChange={(e) => set('description', e.target.value)}
              placeholder="What is this playlist for?"
              rows={3}
            />
            <div className="flex justify-between gap-2">
              <FieldError id={`${id}-description-error`}>{errors.description}</FieldError>
              <span
                className={cn(
                  'ml-auto text-xs text-muted',
                  form.description.length > PLAYLIST_LIMITS.descriptionMax && 'text-red-300',
                )}
              >
                {form.description.length}/{PLAYLIST_LIMITS.descriptionMax}
              </span>
            </div>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-collaborativeMode`}>Collaboration mode</Label>
            <Select
              {...field('collaborativeMode')}
              value={form.collaborativeMode}
              onChange={(e) => set('collaborativeMode', e.target.value as CollaborativeMode)}
            >
              {COLLABORATIVE_MODES.map((m) => (
                <option key={m} value={m}>
                  {MODE_INFO[m].label}
                </option>
              ))}
            </Select>
            <p className="text-xs text-muted">{MODE_INFO[form.collaborativeMode].description}</p>
          </div>
          <div className="flex flex-col gap-2">
            <div className="flex items-center justify-between text-sm">
              <span className="font-medium">Votes needed to add a song</span>
              <span className="font-semibold tabular-nums text-purple-200">{form.voteThreshold}</span>
            </div>
            <Slider
              label="Votes needed to add a song"
              value={form.voteThreshold}
              min={PLAYLIST_LIMITS.thresholdMin}
              max={PLAYLIST_LIMITS.thresholdMax}
              step={1}
              onValueChange={(v) => set('voteThreshold', v)}
            />
            <FieldError>{errors.voteThreshold}</FieldError>
          </div>
          <div className="flex flex-col gap-2">
            <div className="flex items-center justify-between text-sm">
              <span className="font-medium">Maximum songs</span>
              <span className="font-semibold tabular-nums text-purple-200">{form.maxSongs}</span>
            </div>
            <Slider
              label="Maximum songs"
              value={form.maxSongs}
              min={PLAYLIST_LIMITS.maxSongsMin}
              max={PLAYLIST_LIMITS.maxSongsMax}
              step={PLAYLIST_LIMITS.maxSongsStep}
              onValueChange={(v) => set('maxSongs', v)}
            />
            <FieldError>{errors.maxSongs}</FieldError>
          </div>
          <div className="flex flex-col gap-2">
            <span className="text-sm font-medium">Theme</span>
            <RadioGroup.Root
              value={form.gradient}
              onValueChange={(v) => set('gradient', v)}
              aria-label="Theme"
              className="grid grid-cols-2 gap-2 sm:grid-cols-3"
            >
              {PLAYLIST_GRADIENTS.map((g) => {
                const selected = form.gradient === g.value;
                return (
                  <RadioGroup.Item
                    key={g.value}
                    value={g.value}
                    className={cn(
                      'flex items-center gap-2 rounded-xl border p-2 text-left text-sm transition-colors focus-visible:outline-2 focus-visible:outline-accent',
                      selected ? 'border-purple-300 bg-white/10' : 'border-border hover:bg-white/5',
                    )}
                  >
                    <span
                      className={cn(
                        'flex size-7 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br',
                        g.value,
                      )}
                      aria-hidden
                    >
                      {selected ? <Check className="size-4 text-white" /> : null}
                    </span>
                    {g.name}
                  </RadioGroup.Item>
                );
              })}
            </RadioGroup.Root>
            <FieldError>{errors.gradient}</FieldError>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
              {create.isPending ? 'Creating...' : 'Create Playlist'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
