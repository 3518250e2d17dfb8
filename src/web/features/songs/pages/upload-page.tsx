/**
 * Upload: a YouTube link or a PDF with title, artist, genre, optional length, venue and privacy. Validated in
 * the browser with the server's own schema; the bar shows the real upload progress. Nothing typed is lost on
 * an error. Deactivated venues are not offered. A video already on CrowdMix is not uploaded twice: the screen
 * shows the song that is there, to play and vote for instead (or keep a private copy). Below, the user's uploads.
 */
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearch } from 'wouter';
import { FileText, Link2, Lock, Music2, SlidersHorizontal, Trash2, UploadCloud, X } from 'lucide-react';
import { parseClock } from '@shared/duration';
import type { Song } from '@shared/schemas/song';
import { parseYouTubeId } from '@shared/youtube';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmQuestion } from '../../../components/ui/confirm-dialog';
import { FieldError, Input, Label, Select } from '../../../components/ui/input';
import { Loading } from '../../../components/ui/loading';
import { Progress } from '../../../components/ui/progress';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { notifyError } from '../../../lib/notify-error';
import { usePreload } from '../../../lib/preload';
import { signedInForAction, useAuth } from '../../auth';
import { getUserVenuesQueryOptions, useUserVenues } from '../../venues';
import { getVenueQueryOptions, useVenue } from '../../venues';
import { useDeleteSong } from '../api/delete-song';
import { useSong } from '../../mix';
import { useUserSongs } from '../../mix';
import { useLiveVotes } from '../../mix';
import { useUploadSong } from '../api/upload-song';
import { loadSongList, type RowMenuAction } from '../../mix';
import { EditSongDetails } from '../components/edit-song-details';
import {
  checkDetails,
  detailsToFormFields,
  EMPTY_DETAILS,
  loadSongSchemas,
  SongDetailsFields,
  type SongDetails,
  type SongDetailsErrors,
  type SongDetailsField,
} from '../components/song-details-fields';

type Field = 'youtubeUrl' | 'file' | 'title' | 'artist' | 'genre' | 'duration' | 'venueId';
type Errors = Partial<Record<Field, string>>;

const FIELDS: Field[] = ['youtubeUrl', 'file', 'title', 'artist', 'genre', 'duration', 'venueId'];

/** The song rows (My uploads, the song already on CrowdMix) load after the form, which is what the page is for. */
const SongList = lazy(async () => ({ default: (await loadSongList()).SongList }));

function venueFromQuery(search: string): string {
  const v = new URLSearchParams(search).get('venue');
  return v && /^\d{1,10}$/.test(v) ? v : 'global';
}

/** The song a refused duplicate upload names (409 with songId), or null for any other error. */
function duplicateSongId(err: unknown): number | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  try {
    const body = JSON.parse(err.body) as { songId?: unknown };
    return typeof body.songId === 'number' ? body.songId : null;
  } catch {
    return null;
  }
}

/**
 * The answer to a duplicate upload: the song already on CrowdMix, to play and vote for instead, or a private copy
 * of one's own. Takes the focus when it appears so that screen readers hear it.
 */
function AlreadyOnCrowdMix({
  songId,
  onPrivateCopy,
  onDismiss,
  busy,
}: {
  songId: number;
  onPrivateCopy: () => void;
  onDismiss: () => void;
  busy: boolean;
}) {
  const song = useSong(songId);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [songId]);
  return (
    <section
      aria-labelledby="already-on-crowdmix"
      data-testid="already-on-crowdmix"
      className="mt-6 rounded-2xl border border-amber-300/40 bg-amber-500/10 p-4"
    >
      <h2
        id="already-on-crowdmix"
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 text-lg font-semibold outline-none"
      >
        <Music2 className="size-5 text-amber-200" aria-hidden /> This song is already on CrowdMix
      </h2>
      <p className="mt-1 text-sm text-muted">
        Vote for it instead of uploading it again: one song with all the votes climbs the Top 100, two copies would
        split them.
      </p>
      <div className="mt-3">
        {song.isLoading ? (
          <Loading label="Loading the song..." />
        ) : song.data ? (
          <Suspense fallback={<Loading label="Loading the song..." />}>
            <SongList songs={[song.data]} label="The song already on CrowdMix" />
          </Suspense>
        ) : (
          <p role="alert" className="text-sm text-red-300">
            Could not load it: {errorMessage(song.error, 'please try again.')}
          </p>
        )}
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onPrivateCopy} disabled={busy}>
          <Lock aria-hidden /> Keep a private copy instead
        </Button>
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          <X aria-hidden /> Upload something else
        </Button>
      </div>
    </section>
  );
}

/** What a visitor typed, kept while they sign in (a PDF file cannot be kept; they choose it again). */
interface UploadDraft {
  type: 'youtube' | 'pdf';
  youtubeUrl: string;
  title: string;
  artist: string;
  genre: string;
  duration: string;
  venueId: string;
  isPrivate: boolean;
  details: SongDetails;
  at: number;
}
const DRAFT_KEY = 'crowdmix.upload-draft';
/** A draft older than this is not brought back. */
const DRAFT_TTL_MS = 60 * 60 * 1000;

function readDraft(): UploadDraft | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    const d = raw ? (JSON.parse(raw) as UploadDraft) : null;
    return d && Date.now() - d.at < DRAFT_TTL_MS ? d : null;
  } catch {
    return null;
  }
}
function forgetDraft() {
  try {
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    /* storage off */
  }
}

/** The sign-in page, coming back to this Upload form (with its ?venue=) afterwards. */
const signInBack = () => `/login?next=${encodeURIComponent(`${window.location.pathname}${window.location.search}`)}`;

function UploadForm() {
  const ids = useId();
  const search = useSearch();
  const { isAuthenticated, isLoading: authLoading } = useAuth();
  usePreload(loadSongSchemas);
  // A draft kept through sign-in fills the form again (read once, on the first render).
  const [draft] = useState(readDraft);
  const [type, setType] = useState<'youtube' | 'pdf'>(draft?.type ?? 'youtube');
  const [youtubeUrl, setYoutubeUrl] = useState(draft?.youtubeUrl ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);
  const [title, setTitle] = useState(draft?.title ?? '');
  const [artist, setArtist] = useState(draft?.artist ?? '');
  const [genre, setGenre] = useState(draft?.genre ?? '');
  const [duration, setDuration] = useState(draft?.duration ?? '');
  const [venueId, setVenueId] = useState(() => draft?.venueId ?? venueFromQuery(search));
  const [isPrivate, setIsPrivate] = useState(draft?.isPrivate ?? false);
  const [errors, setErrors] = useState<Errors>({});
  const [details, setDetails] = useState<SongDetails>(draft?.details ?? EMPTY_DETAILS);
  const [detailErrors, setDetailErrors] = useState<SongDetailsErrors>({});
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [progress, setProgress] = useState(0);
  const [duplicateOf, setDuplicateOf] = useState<number | null>(null);
  const upload = useUploadSong(setProgress);
  const qc = useQueryClient();

  /** Keeps what was typed and opens sign-in, which comes back here. */
  const signInKeepingDraft = () => {
    try {
      sessionStorage.setItem(
        DRAFT_KEY,
        JSON.stringify({
          type,
          youtubeUrl,
          title,
          artist,
          genre,
          duration,
          venueId,
          isPrivate,
          details,
          at: Date.now(),
        } satisfies UploadDraft),
      );
    } catch {
      /* storage off: they type it again */
    }
    window.location.assign(signInBack());
  };

  // Back from sign-in with a draft: say so once, and let it go (it is in the form now).
  useEffect(() => {
    if (!draft || authLoading || !isAuthenticated) return;
    forgetDraft();
    toast({
      title: 'Your draft is back',
      description:
        draft.type === 'pdf' ? 'Choose the PDF again, then press Upload.' : 'Check it and press Upload to share it.',
    });
  }, [draft, authLoading, isAuthenticated]);

  const myVenues = useUserVenues(isAuthenticated);
  const preselected = venueFromQuery(search);
  const preselectedId = preselected === 'global' ? 0 : Number(preselected);
  const preselectedVenue = useVenue(preselectedId);
  // A deactivated venue takes no songs: it is not offered (the server would refuse it with 409).
  const venueOptions = (myVenues.data ?? []).filter((v) => v.isActive);
  if (preselectedVenue.data?.isActive && !venueOptions.some((v) => v.id === preselectedVenue.data.id))
    venueOptions.unshift(preselectedVenue.data);
  const closedVenue = preselectedVenue.data && !preselectedVenue.data.isActive ? preselectedVenue.data : null;

  const firstSearch = useRef(true);
  useEffect(() => {
    // The first render took the draft's venue, if any; a later change of the link takes the link's.
    if (firstSearch.current && draft) {
      firstSearch.current = false;
      return;
    }
    firstSearch.current = false;
    setVenueId(venueFromQuery(search));
  }, [search, draft]);
  // The link named a deactivated venue: the song goes nowhere but the global catalogue unless another is chosen.
  useEffect(() => {
    if (closedVenue) setVenueId((v) => (v === String(closedVenue.id) ? 'global' : v));
  }, [closedVenue]);
  // A new link is a new question.
  useEffect(() => setDuplicateOf(null), [youtubeUrl, type]);

  useEffect(() => {
    if (!upload.isSuccess) return;
    const t = window.setTimeout(() => setProgress(0), 2000);
    return () => window.clearTimeout(t);
  }, [upload.isSuccess, upload.submittedAt]);

  const errorProps = (f: Field) => (errors[f] ? { 'aria-invalid': true, 'aria-describedby': `${ids}-${f}-error` } : {});

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (upload.isPending) return;
    if (!(await signedInForAction(qc, { isLoading: authLoading, isAuthenticated }))) {
      toast({
        title: 'Authentication Required',
        description: 'Please log in first to upload songs',
        variant: 'destructive',
        action: { label: 'Sign in', onClick: signInKeepingDraft },
      });
      return;
    }
    const next: Errors = {};
    // The schemas were preloaded when the page was idle (usePreload below): this await is a resolved import.
    const { UploadSongFieldsSchema } = await loadSongSchemas();
    const parsed = UploadSongFieldsSchema.safeParse({
      type,
      title,
      artist,
      genre,
      youtubeUrl: type === 'youtube' ? youtubeUrl : undefined,
      venueId,
      isPrivate: String(isPrivate),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Field;
        if (FIELDS.includes(key) && !next[key]) next[key] = issue.message;
      }
    }
    const seconds = parseClock(duration);
    if (seconds === undefined || (seconds !== null && seconds > 86_400))
      next.duration = 'Enter the length as m:ss, for example 3:45';
    let blocking: { title: string; description: string } | null = null;
    if (type === 'youtube') {
      if (!youtubeUrl.trim())
        blocking = { title: 'YouTube URL Required', description: 'Please provide a valid YouTube URL' };
      else if (!parseYouTubeId(youtubeUrl)) next.youtubeUrl = 'Invalid video URL';
    } else if (!file) {
      blocking = { title: 'File Required', description: 'Please select a PDF file to upload' };
    } else if (!/\.pdf$/i.test(file.name) && file.type !== 'application/pdf') {
      next.file = 'Choose a PDF file';
    }
    setErrors(next);
    const checked = await checkDetails(details);
    setDetailErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) setDetailsOpen(true);
    if (blocking) {
      toast({ ...blocking, variant: 'destructive' });
      return;
    }
    if (Object.keys(next).length > 0 || !checked.ok) return;

    send(isPrivate, seconds ?? null);
  };

  const send = (asPrivate: boolean, seconds: number | null) => {
    setProgress(0);
    setDuplicateOf(null);
    upload.mutate(
      {
        type,
        title: title.trim(),
        artist: artist.trim(),
        genre: genre.trim(),
        youtubeUrl: youtubeUrl.trim(),
        file,
        venueId,
        isPrivate: asPrivate,
        duration: seconds,
        details: detailsToFormFields(details),
      },
      {
        onSuccess: () => {
          toast({
            title: 'Song Uploaded!',
            description: `“${title.trim()}” by ${artist.trim()} is ready for votes.`,
            variant: 'success',
          });
          setYoutubeUrl('');
          setFile(null);
          setFileInputKey((k) => k + 1);
          setTitle('');
          setArtist('');
          setGenre('');
          setDuration('');
          setIsPrivate(false);
          setErrors({});
          setDetails(EMPTY_DETAILS);
          setDetailErrors({});
        },
        onError: (err) => {
          setProgress(0);
          if (err instanceof ApiError && err.status === 401) {
            toast({
              title: 'Authentication Required',
              description: 'You need to be logged in to upload songs. Redirecting to login...',
              variant: 'destructive',
            });
            // What was typed comes back after signing in again.
            window.setTimeout(signInKeepingDraft, 1500);
            return;
          }
          const existing = duplicateSongId(err);
          if (existing !== null) {
            setDuplicateOf(existing);
            return;
          }
          const message = errorMessage(err, 'Failed to upload song. Please try again.');
          // The venue was deactivated meanwhile: say so at the select, and drop it from the choices.
          if (err instanceof ApiError && err.status === 409 && venueId !== 'global') {
            setErrors((prev) => ({ ...prev, venueId: message }));
            void qc.invalidateQueries({ queryKey: getUserVenuesQueryOptions().queryKey });
            void qc.invalidateQueries({ queryKey: getVenueQueryOptions(Number(venueId)).queryKey });
          }
          if (err instanceof ApiError) {
            try {
              const body = JSON.parse(err.body) as { field?: string };
              const field = body.field === 'url' ? 'youtubeUrl' : (body.field as Field | undefined);
              if (field && FIELDS.includes(field)) setErrors((prev) => ({ ...prev, [field]: message }));
              const detail = body.field as SongDetailsField | undefined;
              if (detail && detail in EMPTY_DETAILS) {
                setDetailErrors((prev) => ({ ...prev, [detail]: message }));
                setDetailsOpen(true);
              }
            } catch {
              /* not our JSON error */
            }
          }
          toast({
            title: 'Upload Failed',
            description: message || 'Failed to upload song. Please try again.',
            variant: 'destructive',
          });
        },
      },
    );
  };

  const uploading = upload.isPending;
  return (
    <Card>
      <CardHeader>
        <h1 className="text-2xl font-bold tracking-tight">Upload Music</h1>
        <CardDescription>Share a track with the crowd: a YouTube link or a PDF score or lyric sheet.</CardDescription>
      </CardHeader>
      <CardContent>
        {!authLoading && !isAuthenticated ? (
          <div
            role="note"
            className="mb-4 flex flex-col gap-3 rounded-xl border border-border bg-surface-2 px-4 py-3 text-sm sm:flex-row sm:items-center"
          >
            <p className="flex min-w-0 flex-1 items-start gap-2">
              <Lock className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />
              <span>Sign in to share a song. What you type here is kept while you do.</span>
            </p>
            <Button size="sm" variant="secondary" className="self-start sm:self-auto" onClick={signInKeepingDraft}>
              Sign in to upload
            </Button>
          </div>
        ) : null}
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={uploading}>
          <Tabs value={type} onValueChange={(v) => setType(v as 'youtube' | 'pdf')}>
            <TabsList aria-label="What to upload">
              <TabsTrigger value="youtube">
                <Link2 aria-hidden /> YouTube Link
              </TabsTrigger>
              <TabsTrigger value="pdf">
                <FileText aria-hidden /> PDF
              </TabsTrigger>
            </TabsList>
            <TabsContent value="youtube" className="space-y-1.5">
              <Label htmlFor={`${ids}-url`}>YouTube URL *</Label>
              <Input
                id={`${ids}-url`}
                type="url"
                inputMode="url"
                placeholder="https://www.youtube.com/watch?v=..."
                value={youtubeUrl}
                onChange={(e) => setYoutubeUrl(e.target.value)}
                {...errorProps('youtubeUrl')}
              />
              <FieldError id={`${ids}-youtubeUrl-error`}>{errors.youtubeUrl}</FieldError>
              <p className="text-xs text-muted">Watch pages, youtu.be short links, Shorts and live links all work.</p>
            </TabsContent>
            <TabsContent value="pdf" className="space-y-1.5">
              <Label htmlFor={`${ids}-file`}>PDF file *</Label>
              <Input
                key={fileInputKey}
                id={`${ids}-file`}
                type="file"
                accept=".pdf"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                className="h-auto py-2 file:mr-3 file:rounded-lg file:border-0 file:bg-purple-500/30 file:px-3 file:py-1.5 file:text-sm file:text-white"
                {...errorProps('file')}
              />
              <FieldError id={`${ids}-file-error`}>{errors.file}</FieldError>
              {file ? <p className="text-xs text-muted">Selected: {file.name}</p> : null}
            </TabsContent>
          </Tabs>

          <div className="mt-5 grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor={`${ids}-title`}>Title *</Label>
              <Input
                id={`${ids}-title`}
                value={title}
                onChange={(e) => setTitle(e.target.value)}
                autoComplete="off"
                {...errorProps('title')}
              />
              <FieldError id={`${ids}-title-error`}>{errors.title}</FieldError>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={`${ids}-artist`}>Artist *</Label>
              <Input
                id={`${ids}-artist`}
                value={artist}
                onChange={(e) => setArtist(e.target.value)}
                autoComplete="off"
                {...errorProps('artist')}
              />
              <FieldError id={`${ids}-artist-error`}>{errors.artist}</FieldError>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={`${ids}-genre`}>Genre</Label>
              <Input
                id={`${ids}-genre`}
                value={genre}
                onChange={(e) => setGenre(e.target.value)}
                placeholder="e.g. Indie, House, Jazz"
                {...errorProps('genre')}
              />
              <FieldError id={`${ids}-genre-error`}>{errors.genre}</FieldError>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={`${ids}-duration`}>Length (optional)</Label>
              <Input
                id={`${ids}-duration`}
                value={duration}
                onChange={(e) => setDuration(e.target.value)}
                placeholder="m:ss, e.g. 3:45"
                inputMode="numeric"
                {...errorProps('duration')}
              />
              <FieldError id={`${ids}-duration-error`}>{errors.duration}</FieldError>
            </div>
            <div className="space-y-1.5 sm:col-span-2">
              <Label htmlFor={`${ids}-venue`}>Venue</Label>
              <Select
                id={`${ids}-venue`}
                value={venueId}
                onChange={(e) => setVenueId(e.target.value)}
                {...errorProps('venueId')}
              >
                <option value="global">Global (No specific venue)</option>
                {venueOptions.map((v) => (
                  <option key={v.id} value={String(v.id)}>
                    {v.name}
                  </option>
                ))}
              </Select>
              <FieldError id={`${ids}-venueId-error`}>{errors.venueId}</FieldError>
              {closedVenue ? (
                <p className="text-xs text-amber-200" data-testid="closed-venue-note">
                  {closedVenue.name} has been deactivated and takes no new songs; choose another venue or upload it
                  globally.
                </p>
              ) : null}
            </div>
            <div className="flex items-start gap-3 sm:col-span-2">
              <input
                id={`${ids}-private`}
                type="checkbox"
                checked={isPrivate}
                onChange={(e) => setIsPrivate(e.target.checked)}
                className="mt-0.5 size-4 accent-pink-500"
              />
              <div>
                <Label htmlFor={`${ids}-private`}>Private</Label>
                <p className="text-xs text-muted">Only you can see a private song; it stays out of the mixes.</p>
              </div>
            </div>
          </div>

          <details
            className="mt-5 rounded-xl border border-border px-4 py-3"
            open={detailsOpen}
            onToggle={(e) => setDetailsOpen(e.currentTarget.open)}
            data-testid="song-details"
          >
            <summary className="cursor-pointer text-sm font-medium">
              Details for DJ Verse <span className="font-normal text-muted">(optional: year, energy, moods…)</span>
            </summary>
            <div className="mt-4">
              <SongDetailsFields value={details} onChange={setDetails} errors={detailErrors} genre={genre} />
            </div>
          </details>

          {uploading || progress > 0 ? (
            <div className="mt-5 space-y-1.5">
              <div className="flex justify-between text-xs text-muted">
                <span>{uploading ? 'Uploading...' : 'Done'}</span>
                <span>{progress}%</span>
              </div>
              <Progress value={progress} label="Upload progress" />
            </div>
          ) : null}

          <Button type="submit" size="lg" className="mt-6 w-full" disabled={uploading}>
            <UploadCloud aria-hidden /> {uploading ? 'Uploading...' : 'Upload Song'}
          </Button>
        </form>
        {duplicateOf !== null ? (
          <AlreadyOnCrowdMix
            songId={duplicateOf}
            busy={uploading}
            onDismiss={() => setDuplicateOf(null)}
            onPrivateCopy={() => {
              setIsPrivate(true);
              send(true, parseClock(duration) ?? null);
            }}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

/** What the uploader chose in a row's menu of My uploads, and that menu's button (the focus goes back there). */
type UploadChoice = { kind: 'edit' | 'delete'; song: Song; from: RefObject<HTMLElement | null> };

function MyUploads() {
  const songs = useUserSongs();
  // The rows' code loads while the list's request runs, not once the list has come.
  usePreload(loadSongList);
  const del = useDeleteSong();
  const [chosen, setChosen] = useState<UploadChoice | null>(null);
  // The uploader's entries in every row's menu: one array for all rows (they are memoized).
  const menu = useMemo<RowMenuAction[]>(
    () => [
      {
        label: 'Edit details',
        icon: <SlidersHorizontal aria-hidden />,
        onSelect: (song, from) => setChosen({ kind: 'edit', song, from }),
      },
      {
        label: 'Delete song',
        icon: <Trash2 aria-hidden />,
        destructive: true,
        onSelect: (song, from) => setChosen({ kind: 'delete', song, from }),
      },
    ],
    [],
  );
  const close = () => setChosen(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>My uploads</CardTitle>
        <CardDescription>
          {songs.data ? `${songs.data.length} ${songs.data.length === 1 ? 'song' : 'songs'}` : 'Your shared tracks'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {songs.isLoading ? (
          <Loading />
        ) : songs.isError ? (
          <p className="text-sm text-red-300">
            Could not load your uploads: {errorMessage(songs.error, 'please try again.')}
          </p>
        ) : (songs.data ?? []).length === 0 ? (
          <p className="text-sm text-muted">You have not uploaded any songs yet.</p>
        ) : (
          <Suspense fallback={<Loading />}>
            <SongList songs={songs.data ?? []} label="My uploads" menuActions={menu} />
          </Suspense>
        )}
        {chosen?.kind === 'edit' ? (
          <EditSongDetails song={chosen.song} onClose={close} returnFocusTo={chosen.from} />
        ) : null}
        {chosen?.kind === 'delete' ? (
          <ConfirmQuestion
            title="Delete this song?"
            description={`“${chosen.song.title}” and all its votes will be removed from every mix. This cannot be undone.`}
            confirmLabel="Delete"
            onClose={close}
            returnFocusTo={chosen.from}
            onConfirm={() => {
              const { song } = chosen;
              del.mutate(song.id, {
                onSuccess: () => toast({ title: 'Song deleted', description: `“${song.title}” was removed.` }),
                onError: (err) => notifyError(err, 'Delete failed'),
              });
            }}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

export function UploadPage() {
  useLiveVotes();
  const { isAuthenticated } = useAuth();
  return (
    <Page>
      {/* Visitors fill the form too; Upload asks them to sign in and brings them back with it filled in. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,36rem)_minmax(0,1fr)] lg:items-start">
        <UploadForm />
        {isAuthenticated ? <MyUploads /> : null}
      </div>
    </Page>
  );
}
