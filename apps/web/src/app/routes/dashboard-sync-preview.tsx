import { useParams } from 'react-router';
import { DashboardSection } from '../../features/dashboard/components/dashboard-section';
import { SyncPreviewScreen } from '../../features/sync';
import { NotFoundRoute } from './not-found';

/** Route /dashboard/sync-previews/:previewId: what a sync will change, to approve. */
export function SyncPreviewRoute() {
  const previewId = Number(useParams().previewId);
  if (!Number.isSafeInteger(previewId) || previewId <= 0) return <NotFoundRoute />;
  return (
    <DashboardSection title="Preview of the sync" section="catalog">
      <SyncPreviewScreen key={previewId} previewId={previewId} />
    </DashboardSection>
  );
}
