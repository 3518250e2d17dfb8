/** Community Playlist — built by its feature issue; the route is wired by the foundation. */
import { Page } from '../../../components/layout/page';

export function PlaylistPage() {
  return (
    <Page>
      <h1 className="text-3xl font-bold">Community Playlist</h1>
    </Page>
  );
}
