/** DJ Verse — built by its feature issue; the route is wired by the foundation. */
import { Page } from '../../../components/layout/page';

export function AssistantPage() {
  return (
    <Page>
      <h1 className="text-3xl font-bold">DJ Verse</h1>
    </Page>
  );
}
