import { syncProviders } from '@tradelist/contract/sync';
import { useParams } from 'react-router';
import { DashboardSection } from '../../features/dashboard/components/dashboard-section';
import { providerName, SyncHistoryScreen } from '../../features/sync';
import { NotFoundRoute } from './not-found';

/** Route /dashboard/sync-history/:provider: the record of the syncs to one service. */
export function SyncHistoryRoute() {
  const named = useParams().provider;
  const provider = syncProviders.find((known) => known === named);
  if (!provider) return <NotFoundRoute />;
  return (
    <DashboardSection title={`Syncs to ${providerName(provider)}`} section="settings">
      <SyncHistoryScreen key={provider} provider={provider} />
    </DashboardSection>
  );
}
