/**
 * Upload: a YouTube link or a PDF with title, artist, genre, optional length, venue and privacy. Validated in
 * the browser with the server's own schema; the bar shows the real upload progress. Nothing typed is lost on
 * an error. Below, the user's uploads with delete.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSearch } from 'wouter';
import { FileText, Link2, Trash2, UploadCloud } from 'lucide-react';
import { UploadSongFieldsSchema } from '@shared/schemas/song';
import { parseClock } from '@shared/duration';
import { parseYouTubeId } from '@shared/youtube';
import { RequireAuth } from '../../../components/layout/auth-required';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FieldError, Input, Label, Select } from '../../../components/ui/input';
import { Loading } from '../../../components/ui/loading';
import { Progress } from '../../../components/ui/progress';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { goToLogin } from '../../../lib/auth-redirect';
import { toast } from '../../../lib/toast';
import { useAuth } from '../../auth/api/get-current-user';
import { useUserVenues } from '../../venues/api/get-user-venues';
import { useVenue } from '../../venues/api/get-venue';
import { useDeleteSong } from '../api/delete-song';
import { useUserSongs } from '../api/get-user-songs';
import { useLiveVotes } from '../api/live-votes';
import { useUploadSong } from '../api/upload-song';
import { SongList } from '../components/song-list';

type Field = 'youtubeUrl' | 'file' | 'title' | 'artist' | 'genre' | 'duration' | 'venueId';
type Errors = Partial<Record<Field, string>>;

const FIELDS: Field[] = ['youtubeUrl', 'file', 'title', 'artist', 'genre', 'duration', 'venueId'];

function venueFromQuery(search: string): string {
  const v = new URLSearchParams(search).get('venue');
  return v && /^\d{1,10}$/.test(v) ? v : 'global';
}

function UploadForm() {
  const ids = useId();
  const search = useSearch();
  const { isAuthenticated } = useAuth();
  const [type, setType] = useState<'youtube' | 'pdf'>('youtube');
  const [youtubeUrl, setYoutubeUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);
  const [title, setTitle] = useState('');
  const [artist, setArtist] = useState('');
  const [genre, setGenre] = useState('');
  const [duration, setDuration] = useState('');
  const [venueId, setVenueId] = useState(() => venueFromQuery(search));
  const [isPrivate, setIsPrivate] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState(0);
  const upload = useUploadSong(setProgress);

  const myVenues = useUserVenues();
  const preselected = venueFromQuery(search);
  const preselectedId = preselected === 'global' ? 0 : Number(preselected);
  const preselectedVenue = useVenue(preselectedId);
  const venueOptions = [...(myVenues.data ?? [])];
  if (preselectedVenue.data && !venueOptions.some((v) => v.id === preselectedVenue.data.id))
    venueOptions.unshift(preselectedVenue.data);

  useEffect(() => setVenueId(venueFromQuery(search)), [search]);

  useEffect(() => {
    if (!upload.isSuccess) return;
    const t = window.setTimeout(() => setProgress(0), 2000);
    return () => window.clearTimeout(t);
  }, [upload.isSuccess, upload.submittedAt]);

  const errorProps = (f: Field) => (errors[f] ? { 'aria-invalid': true, 'aria-describedby': `${ids}-${f}-error` } : {});

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (upload.isPending) return;
    if (!isAuthenticated) {
      toast({
        title: 'Authentication Required',
        description: 'Please log in first to upload songs',
        variant: 'destructive',
      });
      return;
    }
    const next: Errors = {};
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
    if (blocking) {
      toast({ ...blocking, variant: 'destructive' });
      return;
    }
    if (Object.keys(next).length > 0) return;

    setProgress(0);
    upload.mutate(
      {
        type,
        title: title.trim(),
        artist: artist.trim(),
        genre: genre.trim(),
        youtubeUrl: youtubeUrl.trim(),
        file,
        venueId,
        isPrivate,
        duration: seconds,
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
        },
        onError: (err) => {
          setProgress(0);
          if (err instanceof ApiError && err.status === 401) {
            toast({
              title: 'Authentication Required',
              description: 'You need to be logged in to upload songs. Redirecting to login...',
              variant: 'destructive',
            });
            goToLogin(1500);
            return;
          }
          const message = errorMessage(err, 'Failed to upload song. Please try again.');
          if (err instanceof ApiError) {
            try {
              const body = JSON.parse(err.body) as { field?: string };
              const field = body.field === 'url' ? 'youtubeUrl' : (body.field as Field | undefined);
              if (field && FIELDS.includes(field)) setErrors((prev) => ({ ...prev, [field]: message }));
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
        <form onSubmit={onSubmit} noValidate aria-busy={uploading}>
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
      </CardContent>
    </Card>
  );
}

function MyUploads() {
  const songs = useUserSongs();
  const del = useDeleteSong();
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
          <SongList
            songs={songs.data ?? []}
            label="My uploads"
            actions={(song) => (
              <ConfirmDialog
                title="Delete this song?"
                description={`“${song.title}” and all its votes will be removed from every mix. This cannot be undone.`}
                confirmLabel="Delete"
                onConfirm={() =>
                  del.mutate(song.id, {
                    onSuccess: () => toast({ title: 'Song deleted', description: `“${song.title}” was removed.` }),
                    onError: (err) =>
                      toast({
                        title: 'Delete failed',
                        description: errorMessage(err, 'Please try again.'),
                        variant: 'destructive',
                      }),
                  })
                }
                trigger={
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Delete ${song.title}`}
                    className="text-muted hover:text-red-300"
                  >
                    <Trash2 aria-hidden />
                  </Button>
                }
              />
            )}
          />
        )}
      </CardContent>
    </Card>
  );
}

export function UploadPage() {
  useLiveVotes();
  return (
    <Page>
      <RequireAuth message="Please log in to upload songs.">
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,36rem)_minmax(0,1fr)] lg:items-start">
          <UploadForm />
          <MyUploads />
        </div>
      </RequireAuth>
    </Page>
  );
}
