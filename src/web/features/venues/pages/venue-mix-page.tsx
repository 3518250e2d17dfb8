/** Venue Mix — built by its feature issue; the route is wired by the foundation. */
import { Page } from '../../../components/layout/page';

export function VenueMixPage() {
  return (
    <Page>
      <h1 className="text-3xl font-bold">Venue Mix</h1>
    </Page>
  );
}
