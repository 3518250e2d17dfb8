/** Music Venues — built by its feature issue; the route is wired by the foundation. */
import { Page } from '../../../components/layout/page';

export function VenuesPage() {
  return (
    <Page>
      <h1 className="text-3xl font-bold">Music Venues</h1>
    </Page>
  );
}
