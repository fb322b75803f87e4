import { useId } from 'react';
import { Link } from 'react-router';
import { cx } from '../../../lib/cx';
import type { CollectionSyncView } from '../utils/followed-syncs';
import { providerName } from '../utils/messages';
import { syncRecordPath } from './sync-record-path';
import { countsText, itemErrorText, lastSyncText, progressPercent, progressText } from '../utils/sync-run';
import buttonStyles from '../../../components/ui/button.module.css';
import collectionSyncStyles from './collection-sync.module.css';

interface SyncButtonProps {
  /** product §4.5: a valid connection reads Sync, otherwise 'Sign in to Sync'. */
  connected: boolean;
  starting: boolean;
  /** The collection's title, so the button reads "Sync, <collection>" to assistive technology. */
  describedBy: string;
  onClick: () => void;
}

/** The collection card's Sync button, beside Download. */
export function SyncButton({ connected, starting, describedBy, onClick }: SyncButtonProps) {
  return (
    <button
      type="button"
      className={cx(buttonStyles.button, buttonStyles.buttonOutline, buttonStyles.buttonBlock)}
      aria-describedby={describedBy}
      aria-disabled={starting || undefined}
      onClick={() => {
        if (!starting) onClick();
      }}
    >
      {starting ? 'Starting…' : connected ? 'Sync' : 'Sign in to Sync'}
    </button>
  );
}

/** Under a collection: each provider's sync in progress, or its last result with the refused items. */
export function CollectionSyncStatus({ views }: { views: CollectionSyncView[] }) {
  if (views.length === 0) return null;
  return (
    <ul className={collectionSyncStyles.syncStatus}>
      {views.map((view) => (
        <li key={view.provider}>{view.active ? <SyncProgress view={view} /> : <LastSync view={view} />}</li>
      ))}
    </ul>
  );
}

/** A progress bar with the counts, updated while the sync runs (product §8.7). */
export function SyncProgress({ view }: { view: CollectionSyncView }) {
  const labelId = useId();
  const { run } = view;
  const waiting = !run || run.status === 'queued' || run.total === 0;
  const label = run ? progressText(run) : `Waiting to start the sync to ${providerName(view.provider)}…`;
  return (
    <div className={collectionSyncStyles.syncProgress}>
      <p className={collectionSyncStyles.syncProgressLabel} id={labelId} aria-live="polite">
        {label}
      </p>
      <div
        className={collectionSyncStyles.syncProgressTrack}
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={run && !waiting ? progressPercent(run) : undefined}
      >
        <div
          className={cx(collectionSyncStyles.syncProgressBar, waiting && collectionSyncStyles.syncProgressBarWaiting)}
          style={run && !waiting ? { width: `${progressPercent(run)}%` } : undefined}
        />
      </div>
      {run ? <p className={collectionSyncStyles.syncProgressCounts}>{countsText(run)}</p> : null}
    </div>
  );
}

/** "Last synced to QuickBooks Online on … — 120 created, …", and the items the provider refused. */
function LastSync({ view }: { view: CollectionSyncView }) {
  const { run } = view;
  if (!run) return null;
  const failed = run.status === 'failed' || run.failed > 0;
  return (
    <>
      <p className={cx(collectionSyncStyles.syncStatusNote, failed && collectionSyncStyles.syncStatusNoteFailed)}>
        {lastSyncText(run)} <Link to={syncRecordPath(run.provider, run.id)}>See the record</Link>
      </p>
      {run.errors.length > 0 ? (
        <ul className={collectionSyncStyles.itemErrors} aria-label={`Items ${providerName(run.provider)} refused`}>
          {run.errors.map((item, index) => (
            <li key={`${item.sku}-${index}`}>{itemErrorText(item)}</li>
          ))}
          {run.failed > run.errors.length ? <li>…and {run.failed - run.errors.length} more</li> : null}
        </ul>
      ) : null}
    </>
  );
}
