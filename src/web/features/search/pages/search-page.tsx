/** Search — built by its feature issue; the route is wired by the foundation. */
import { Page } from '../../../components/layout/page';

export function SearchPage() {
  return (
    <Page>
      <h1 className="text-3xl font-bold">Search</h1>
    </Page>
  );
}
