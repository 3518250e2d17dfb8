/** Upload Music — built by its feature issue; the route is wired by the foundation. */
import { Page } from '../../../components/layout/page';

export function UploadPage() {
  return (
    <Page>
      <h1 className="text-3xl font-bold">Upload Music</h1>
    </Page>
  );
}
