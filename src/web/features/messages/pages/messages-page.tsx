/** Messages — built by its feature issue; the route is wired by the foundation. */
import { Page } from '../../../components/layout/page';

export function MessagesPage() {
  return (
    <Page>
      <h1 className="text-3xl font-bold">Messages</h1>
    </Page>
  );
}
