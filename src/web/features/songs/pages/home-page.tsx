/** Top 100 Mix — built by its feature issue; the route is wired by the foundation. */
import { Page } from '../../../components/layout/page';

export function HomePage() {
  return (
    <Page>
      <h1 className="text-3xl font-bold">Top 100 Mix</h1>
    </Page>
  );
}
