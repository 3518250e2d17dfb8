/**
 * Create or edit a venue: name, location, type (eight), description and 'Theme 1'…'Theme 6'. Validated with the
 * shared schema; 401 logs in again, other failures toast 'Error' / 'Failed to create venue. Please try again.'.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { RadioGroup } from 'radix-ui';
import { Check } from 'lucide-react';
import {
  DEFAULT_VENUE_GRADIENT,
  VENUE_GRADIENTS,
  VENUE_TYPE_LABELS,
  VENUE_TYPES,
  type VenueType,
} from '@shared/constants';
import { CreateVenueSchema, type Venue } from '@shared/schemas/venue';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { FieldError, Input, Label, Select, Textarea } from '../../../components/ui/input';
import { notifyError } from '../../../lib/notify-error';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { href } from '../../../app/routes';
import { useCreateVenue } from '../api/create-venue';
import { useUpdateVenue } from '../api/update-venue';

type Field = 'name' | 'location' | 'type' | 'description' | 'gradient';

interface Values {
  name: string;
  location: string;
  type: VenueType;
  description: string;
  gradient: string;
}

const empty: Values = { name: '', location: '', type: 'other', description: '', gradient: DEFAULT_VENUE_GRADIENT };

export function VenueFormDialog({ trigger, venue }: { trigger: ReactNode; venue?: Venue }) {
  const ids = useId();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const initial = (): Values =>
    venue
      ? {
          name: venue.name,
          location: venue.location,
          type: venue.type,
          description: venue.description ?? '',
          gradient: venue.gradient,
        }
      : empty;
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const create = useCreateVenue();
  const update = useUpdateVenue();
  const pending = create.isPending || update.isPending;
  const set = <K extends keyof Values>(k: K, v: Values[K]) => setValues((prev) => ({ ...prev, [k]: v }));

  const onOpenChange = (next: boolean) => {
    if (next && venue) setValues(initial());
    setOpen(next);
  };

  const onError = (err: unknown) => {
    notifyError(
      err,
      'Error',
      venue
        ? 'Failed to update venue. Please try again.'
        : { description: 'Failed to create venue. Please try again.' },
    );
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = CreateVenueSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const k = issue.path[0] as Field;
        if (!next[k]) next[k] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    if (venue) {
      update.mutate(
        { id: venue.id, ...parsed.data, gradient: parsed.data.gradient },
        {
          onSuccess: () => {
            toast({ title: 'Venue updated', description: `${parsed.data.name} is saved.`, variant: 'success' });
            setOpen(false);
          },
          onError,
        },
      );
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        toast({
          title: 'Venue Created!',
          description: `${created.name} is ready for its first songs.`,
          variant: 'success',
        });
        setOpen(false);
        setValues(empty);
        navigate(href.venueMix(created.id));
      },
      onError,
    });
  };

  const err = (f: Field) => (errors[f] ? { 'aria-invalid': true, 'aria-describedby': `${ids}-${f}-error` } : {});

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        title={venue ? 'Edit Venue' : 'Create Venue'}
        description={venue ? 'Change how your venue appears.' : 'Give your place its own crowd-voted mix.'}
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-name`}>Venue name *</Label>
            <Input
              id={`${ids}-name`}
              value={values.name}
              onChange={(e) => set('name', e.target.value)}
              placeholder="The Blue Note"
              {...err('name')}
            />
            <FieldError id={`${ids}-name-error`}>{errors.name}</FieldError>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-location`}>Location *</Label>
            <Input
              id={`${ids}-location`}
              value={values.location}
              onChange={(e) => set('location', e.target.value)}
              placeholder="City, neighbourhood or address"
              {...err('location')}
            />
            <FieldError id={`${ids}-location-error`}>{errors.location}</FieldError>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-type`}>Type *</Label>
            <Select
              id={`${ids}-type`}
              value={values.type}
              onChange={(e) => set('type', e.target.value as VenueType)}
              {...err('type')}
            >
              {VENUE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {VENUE_TYPE_LABELS[t]}
                </option>
              ))}
            </Select>
            <FieldError id={`${ids}-type-error`}>{errors.type}</FieldError>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-description`}>Description</Label>
            <Textarea
              id={`${ids}-description`}
              value={values.description}
              onChange={(e) => set('description', e.target.value)}
              placeholder="What makes the place special?"
              {...err('description')}
            />
            <FieldError id={`${ids}-description-error`}>{errors.description}</FieldError>
          </div>
          <div>
            <p className="text-sm font-medium" aria-hidden>
              Theme
            </p>
            <RadioGroup.Root
              value={values.gradient}
              onValueChange={(v) => set('gradient', v)}
              aria-label="Theme"
              className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-6"
            >
              {VENUE_GRADIENTS.map((g, i) => (
                <RadioGroup.Item
                  key={g}
                  value={g}
                  aria-label={`Theme ${i + 1}`}
                  className={cn(
                    'group relative flex h-12 items-end justify-center rounded-xl bg-gradient-to-br pb-1 text-[10px] font-semibold text-white opacity-80 ring-offset-2 ring-offset-surface transition hover:opacity-100 data-[state=checked]:opacity-100 data-[state=checked]:ring-2 data-[state=checked]:ring-white',
                    g,
                  )}
                >
                  <RadioGroup.Indicator className="absolute top-1.5">
                    <Check className="size-4" aria-hidden />
                  </RadioGroup.Indicator>
                  <span aria-hidden className="drop-shadow">
                    Theme {i + 1}
                  </span>
                </RadioGroup.Item>
              ))}
            </RadioGroup.Root>
            <FieldError id={`${ids}-gradient-error`}>{errors.gradient}</FieldError>
          </div>
          <div className="flex justify-end gap-2 pt-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? (venue ? 'Saving...' : 'Creating...') : venue ? 'Save Changes' : 'Create Venue'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
