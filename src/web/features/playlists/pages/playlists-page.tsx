/** Community Playlists — built by its feature issue; the route is wired by the foundation. */
import { Page } from '../../../components/layout/page';

export function PlaylistsPage() {
  return (
    <Page>
      <h1 className="text-3xl font-bold">Community Playlists</h1>
    </Page>
  );
}
