import type { SyncProvider } from '@tradelist/contract/sync';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { syncRecordPath } from './sync-record-path';
import { formatCount } from '../../../lib/format';
import { syncResultsQueryOptions, syncRunQueryOptions } from '../api/syncs';
import { isSyncActive, itemErrorText, syncOutcome } from '../utils/sync-run';
import { SyncProgress } from './collection-sync';
import styles from './sync-preview.module.css';

/** The approved sync: its progress while it runs (read out as it moves), then its outcome and a link to its record. */
export function SyncRunPanel({ syncId, provider }: { syncId: number; provider: SyncProvider }) {
  const queryClient = useQueryClient();
  const run = useQuery(syncRunQueryOptions(syncId)).data;
  const active = !run || isSyncActive(run);
  // The catalog's cards show the last sync: read them again once this one ends.
  useEffect(() => {
    if (!active) void queryClient.invalidateQueries({ queryKey: syncResultsQueryOptions.queryKey });
  }, [active, queryClient]);

  if (active) return <SyncProgress view={{ provider, active: true, run: run ?? null }} />;
  const outcome = syncOutcome(run);
  return (
    <div className={styles.preview}>
      {outcome?.kind === 'success' ? (
        <p className={styles.previewStatus} role="status">
          {outcome.message}
        </p>
      ) : (
        <div className={styles.previewAlert} role="alert">
          {outcome?.messages.map((message) => <p key={message}>{message}</p>)}
        </div>
      )}
      <p className={styles.previewIntro}>
        {[
          `${formatCount(run.created)} created`,
          `${formatCount(run.updated)} updated`,
          `${formatCount(run.unchanged)} unchanged`,
          `${formatCount(run.left_alone ?? 0)} left alone`,
          `${formatCount(run.retired ?? 0)} made inactive`,
          `${formatCount(run.failed)} failed`,
        ].join(', ')}
      </p>
      {run.errors.length > 0 ? (
        <ul aria-label="Items refused">
          {run.errors.map((item, index) => (
            <li key={`${item.sku}-${index}`}>{itemErrorText(item)}</li>
          ))}
        </ul>
      ) : null}
      <div className={styles.links}>
        <Link to={syncRecordPath(provider, run.id)}>See the record of this sync</Link>
        <Link to={paths.dashboardCatalog}>Back to the catalogs</Link>
      </div>
    </div>
  );
}
