/** The host's side panels: settings (with the skip rule explained), bans with undo, co-hosts, tonight's report. */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Download, Trash2, Undo2, UserPlus } from 'lucide-react';
import type { LiveSettings, LiveSettingsInput } from '@shared/schemas/live';
import { describeSkipRule } from '@shared/schemas/live-constants';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { Loading } from '../../../components/ui/loading';
import { errorMessage } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify-error';
import { toast } from '../../../lib/toast';
import { usePreload } from '../../../lib/preload';
import { useLiveHistory, useLiveReport } from '../api/history';
import { liveApi } from '../api/keys';
import {
  useAddCohost,
  useBans,
  useCohosts,
  useLiveSettings,
  useRemoveBan,
  useRemoveCohost,
  useSaveSettings,
} from '../api/manage';
import { HistoryList } from './history-list';

/** The settings schema (zod) loads after the page paints, for the submit (ADR 024). */
const loadSchemas = () => import('@shared/schemas/live');

type Form = {
  requestCap: string;
  skipPercent: string;
  skipScaled: boolean;
  maxSongMinutes: string;
  noRepeatHours: string;
  allowYoutubeLinks: boolean;
};

const toForm = (s: LiveSettings): Form => ({
  requestCap: String(s.requestCap),
  skipPercent: String(s.skipPercent),
  skipScaled: s.skipScaled,
  maxSongMinutes: String(Math.round(s.maxSongSeconds / 60)),
  noRepeatHours: String(s.noRepeatHours),
  allowYoutubeLinks: s.allowYoutubeLinks,
});

export function SettingsPanel({ venueId }: { venueId: number }) {
  const id = useId();
  const settings = useLiveSettings(venueId);
  const save = useSaveSettings(venueId);
  const [form, setForm] = useState<Form | null>(null);
  const [error, setError] = useState<string | null>(null);
  usePreload(loadSchemas);
  useEffect(() => {
    if (settings.data && !form) setForm(toForm(settings.data));
  }, [settings.data, form]);
  if (!form) return <Loading label="Loading settings..." />;

  const pct = Number(form.skipPercent);
  const rule =
    Number.isInteger(pct) && pct >= 10 && pct <= 100 ? describeSkipRule(pct, form.skipScaled) : 'Pick 10 to 100%.';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { LiveSettingsInputSchema } = await loadSchemas();
    const input: LiveSettingsInput = {
      requestCap: Number(form.requestCap),
      skipPercent: Number(form.skipPercent),
      skipScaled: form.skipScaled,
      maxSongSeconds: Math.round(Number(form.maxSongMinutes) * 60),
      noRepeatHours: Number(form.noRepeatHours),
      allowYoutubeLinks: form.allowYoutubeLinks,
    };
    const parsed = LiveSettingsInputSchema.safeParse(input);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the settings');
      return;
    }
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: (s) => {
        setForm(toForm(s));
        toast({ title: 'Settings saved', variant: 'success' });
      },
      onError: (err) => setError(errorMessage(err, 'The settings were not saved.')),
    });
  };
  const num = (name: keyof Form, label: string, min: number, max: number, hint?: string) => (
    <div className="flex flex-col gap-1">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input
        id={`${id}-${name}`}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={form[name] as string}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
        aria-describedby={hint ? `${id}-${name}-hint` : undefined}
      />
      {hint && (
        <p id={`${id}-${name}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
    </div>
  );
  const check = (name: 'skipScaled' | 'allowYoutubeLinks', label: string) => (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        className="size-4 accent-pink-500"
        checked={form[name]}
        onChange={(e) => setForm({ ...form, [name]: e.target.checked })}
      />
      {label}
    </label>
  );
  return (
    <form onSubmit={submit} className="space-y-4" noValidate aria-label="Live settings">
      <div className="grid gap-3 sm:grid-cols-2">
        {num('requestCap', 'Songs waiting per patron', 1, 20)}
        {num('maxSongMinutes', 'Longest song (minutes)', 1, 60)}
        {num('noRepeatHours', 'No repeat within (hours)', 0, 24, '0 lets a song come back as soon as it has played.')}
        {num('skipPercent', 'Vote to skip: share of patrons (%)', 10, 100)}
      </div>
      {check('skipScaled', 'Bigger rooms need a smaller share (log scale)')}
      <p className="rounded-xl bg-surface-2 p-3 text-sm text-muted" aria-live="polite">
        Skip rule: {rule}.
      </p>
      {check('allowYoutubeLinks', 'Patrons may paste YouTube links (adds the song to this venue)')}
      <FieldError>{error}</FieldError>
      <Button type="submit" disabled={save.isPending}>
        Save settings
      </Button>
    </form>
  );
}

export function BansPanel({ venueId }: { venueId: number }) {
  const bans = useBans(venueId);
  const remove = useRemoveBan(venueId);
  if (!bans.data) return <Loading label="Loading bans..." />;
  if (bans.data.length === 0)
    return <p className="text-sm text-muted">Nothing is banned. Ban a song or an artist from the queue.</p>;
  return (
    <ul className="space-y-2" aria-label="Banned songs and artists">
      {bans.data.map((b) => (
        <li key={b.id} className="flex items-center gap-3 rounded-xl bg-surface-2/60 p-2 text-sm">
          <span className="min-w-0 flex-1 truncate">
            <span className="text-muted">{b.kind === 'artist' ? 'Artist: ' : 'Song: '}</span>
            {b.label}
          </span>
          <Button
            size="sm"
            variant="outline"
            disabled={remove.isPending}
            aria-label={`Undo ban of ${b.label}`}
            onClick={() => remove.mutate(b.id, { onError: (err) => notifyError(err, 'Ban not lifted') })}
          >
            <Undo2 aria-hidden /> Undo
          </Button>
        </li>
      ))}
    </ul>
  );
}

export function CohostsPanel({ venueId }: { venueId: number }) {
  const id = useId();
  const cohosts = useCohosts(venueId, true);
  const add = useAddCohost(venueId);
  const remove = useRemoveCohost(venueId);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    add.mutate(email.trim(), {
      onSuccess: (c) => {
        setEmail('');
        toast({ title: 'Co-host added', description: `${c.name} can now host this venue's live sessions.` });
      },
      onError: (err) => setError(errorMessage(err, 'Could not add the co-host.')),
    });
  };
  return (
    <div className="space-y-3">
      <form onSubmit={submit} className="flex flex-col gap-1.5" noValidate>
        <Label htmlFor={`${id}-email`}>Add a co-host by email</Label>
        <div className="flex gap-2">
          <Input
            id={`${id}-email`}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            maxLength={254}
            autoComplete="off"
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <Button type="submit" disabled={add.isPending || !email.trim()}>
            <UserPlus aria-hidden /> Add
          </Button>
        </div>
        <FieldError id={`${id}-error`}>{error}</FieldError>
      </form>
      {cohosts.data && cohosts.data.length > 0 ? (
        <ul className="space-y-2" aria-label="Co-hosts">
          {cohosts.data.map((c) => (
            <li key={c.userId} className="flex items-center gap-3 rounded-xl bg-surface-2/60 p-2 text-sm">
              <span className="min-w-0 flex-1 truncate">
                {c.name}
                {c.email ? <span className="text-muted"> · {c.email}</span> : null}
              </span>
              <Button
                size="sm"
                variant="outline"
                aria-label={`Remove co-host ${c.name}`}
                onClick={() => remove.mutate(c.userId, { onError: (err) => notifyError(err, 'Co-host not removed') })}
              >
                <Trash2 aria-hidden /> Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">No co-hosts yet.</p>
      )}
    </div>
  );
}

export function ReportPanel({ venueId, version }: { venueId: number; version: number }) {
  const report = useLiveReport(venueId, version);
  const history = useLiveHistory(venueId, version);
  const r = report.data;
  return (
    <div className="space-y-4">
      {r ? (
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {(
            [
              ['Songs played', r.songsPlayed],
              ['Skipped', r.songsSkipped],
              ['Requests', r.requests],
              ['Patrons who asked', r.distinctPatrons],
            ] as const
          ).map(([label, n]) => (
            <div key={label} className="rounded-xl bg-surface-2 p-3">
              <dt className="text-xs text-muted">{label}</dt>
              <dd className="text-2xl font-semibold tabular-nums">{n}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <Loading label="Loading the report..." />
      )}
      {r && r.mostRequested.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold">Most requested</h3>
          <ol className="mt-1 list-decimal pl-5 text-sm">
            {r.mostRequested.map((m) => (
              <li key={m.song.id}>
                {m.song.title} — {m.song.artist} <span className="text-muted">({m.requests})</span>
              </li>
            ))}
          </ol>
        </div>
      )}
      <Button asChild variant="outline" size="sm">
        <a href={liveApi.reportCsv(venueId)} download>
          <Download aria-hidden /> Download CSV
        </a>
      </Button>
      {history.data ? <HistoryList rows={history.data} showRequests /> : null}
    </div>
  );
}

export function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
