import type { SyncRecord } from '@tradelist/contract/sync-previews';
import type { SyncProvider } from '@tradelist/contract/sync';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { cx } from '../../../lib/cx';
import { formatCount } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { saveBlob } from '../../../lib/save-blob';
import { downloadSyncHistory, useSyncHistory } from '../api/previews';
import { providerName } from '../utils/messages';
import { approvalText, formatDuration, moreFailuresText, profileText } from '../utils/sync-record';
import { formatSyncTime, itemErrorText } from '../utils/sync-run';
import buttonStyles from '../../../components/ui/button.module.css';
import styles from './sync-preview.module.css';
import { PageByPage } from '../../../components/ui/pager';

/** "Download CSV": the whole record as the file the server names. */
function DownloadRecord({ provider }: { provider: SyncProvider }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const file = await downloadSyncHistory(provider);
      saveBlob(file.blob, file.fileName);
    } catch {
      notify.error('The record could not be downloaded. Try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} aria-disabled={busy || undefined} onClick={() => void (busy ? undefined : download())}>
      {busy ? 'Preparing…' : 'Download CSV'}
    </button>
  );
}

/** One sync of the record; the one a link named is marked. */
function RecordRow({ record, named }: { record: SyncRecord; named: boolean }) {
  const more = moreFailuresText(record);
  return (
    <tr id={`sync-${record.id}`} aria-current={named || undefined} className={cx(named && styles.rowNamed)}>
      <td>{formatSyncTime(record.finished_at ?? record.queued_at)}</td>
      <td>{record.edition_name}</td>
      <td>{profileText(record.profile_name)}</td>
      <td>{approvalText(record)}</td>
      <td className={styles.isNumber}>{formatCount(record.created)}</td>
      <td className={styles.isNumber}>{formatCount(record.updated)}</td>
      <td className={styles.isNumber}>{formatCount(record.left_alone)}</td>
      <td className={styles.isNumber}>{formatCount(record.retired)}</td>
      <td>
        <span className={cx(styles.isNumber, record.failed > 0 && styles.isDown)}>{formatCount(record.failed)}</span>
        {record.error ? <p className={styles.isDown}>{record.error}</p> : null}
        {record.failures.length > 0 ? (
          <ul className={styles.failures}>
            {record.failures.map((item, index) => (
              <li key={`${item.sku}-${index}`}>{itemErrorText(item)}</li>
            ))}
          </ul>
        ) : null}
        {more ? <p>{more}</p> : null}
      </td>
      <td className={styles.isNumber}>{formatDuration(record.duration_seconds)}</td>
    </tr>
  );
}

/** The record of the syncs to one service (product §10.21): newest first, a page at a time, and as CSV. */
export function SyncHistoryScreen({ provider }: { provider: SyncProvider }) {
  const captionId = useId();
  const [page, setPage] = useState(1);
  const history = useSyncHistory(provider, page);
  const named = /^#sync-(\d+)$/.exec(useLocation().hash)?.[1];
  const name = providerName(provider);

  if (history.isPending) return <p className={styles.previewStatus} role="status">Loading the record…</p>;
  if (history.isError) {
    return (
      <div className={styles.previewAlert} role="alert">
        <p>The record could not be loaded.</p>
        <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={() => void history.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const { syncs, total, page_size: pageSize, account_name: account } = history.data;
  return (
    <div className={styles.preview}>
      <div className={styles.tools}>
        <p className={styles.previewIntro}>
          {account ? `Every sync to ${name} (${account}), newest first.` : `${name} is not connected, so there is no record to show.`}{' '}
          <Link to={paths.dashboardSettings}>Settings</Link>
        </p>
        {total > 0 ? <DownloadRecord provider={provider} /> : null}
      </div>
      {total === 0 ? (
        <p className={styles.previewStatus}>No sync to {name} yet. Sync a price list from the catalog: it is recorded here.</p>
      ) : (
        <div className={styles.tableScroll} role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className={styles.table}>
            <caption id={captionId}>Syncs to {name}</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Edition</th>
                <th scope="col">Profile</th>
                <th scope="col">Approved</th>
                <th scope="col" className={styles.isNumber}>Created</th>
                <th scope="col" className={styles.isNumber}>Updated</th>
                <th scope="col" className={styles.isNumber}>Left alone</th>
                <th scope="col" className={styles.isNumber}>Made inactive</th>
                <th scope="col">Failed</th>
                <th scope="col" className={styles.isNumber}>Duration</th>
              </tr>
            </thead>
            <tbody>
              {syncs.map((record) => (
                <RecordRow key={record.id} record={record} named={String(record.id) === named} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PageByPage label="Pages of the record" page={page} total={total} pageSize={pageSize} onPage={setPage} previousText="Newer" nextText="Older" />
    </div>
  );
}
