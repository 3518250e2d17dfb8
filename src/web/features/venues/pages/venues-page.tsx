/** Music Venues: every active venue as a card, and the Create Venue dialog for signed-in users. */
import { LogIn, MapPinned, Plus } from 'lucide-react';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Loading } from '../../../components/ui/loading';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAuth } from '../../auth';
import { useVenues } from '../api/get-venues';
import { VenueCard } from '../components/venue-card';
import { StateView } from '../../../components/ui/state-view';
import { lazyDialog } from '../../../components/ui/lazy-dialog';

const VenueFormDialog = lazyDialog(async () => (await import('../components/venue-form-dialog')).VenueFormDialog);

export function VenuesPage() {
  const { isAuthenticated, isLoading: authLoading } = useAuth();
  const venues = useVenues();

  return (
    <Page>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">
            <span className="text-gradient">Music Venues</span>
          </h1>
          <p className="mt-1 text-muted">Every venue has its own mix. Join one and vote on what plays next.</p>
        </div>
        {authLoading ? null : isAuthenticated ? (
          <VenueFormDialog
            trigger={
              <Button>
                <Plus aria-hidden /> Create Venue
              </Button>
            }
          />
        ) : (
          <Button asChild variant="secondary">
            <a href="/api/login">
              <LogIn aria-hidden /> Login to Create Venue
            </a>
          </Button>
        )}
      </div>

      <div className="mt-8">
        {venues.isLoading ? (
          <>
            <Loading className="sr-only" label="Loading venues..." />
            <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-hidden>
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} className="h-72" />
              ))}
            </div>
          </>
        ) : venues.isError ? (
          <StateView
            kind="error"
            title="Venues could not be loaded"
            error={venues.error}
            onRetry={() => void venues.refetch()}
          />
        ) : (venues.data ?? []).length === 0 ? (
          <Card className="flex flex-col items-center p-12 text-center">
            <MapPinned className="size-12 text-purple-300" aria-hidden />
            <h2 className="mt-4 text-xl font-semibold">No Venues Found</h2>
            <p className="mt-1 text-muted">
              {isAuthenticated ? 'Create the first venue and start its mix.' : 'Log in to create the first venue.'}
            </p>
          </Card>
        ) : (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label="Venues">
            {(venues.data ?? []).map((v, i) => (
              <li key={v?.id ?? `missing-${i}`}>
                <VenueCard venue={v} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Page>
  );
}
