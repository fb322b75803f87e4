import type { DownloadAllowanceBody } from '@tradelist/contract/catalog';
import { formatCount, formatRunDate } from '../../../lib/format';
import allowanceStyles from './download-allowance-note.module.css';

/** A subscriber's downloads this period (product §10.10: shown as used / allowed); nothing for others. */
export function DownloadAllowanceNote({ downloads }: { downloads: DownloadAllowanceBody | null | undefined }) {
  if (!downloads) return null;
  const until = downloads.period_end.slice(0, 10);
  return (
    <p className={allowanceStyles.allowance} aria-live="polite">
      {formatCount(downloads.used)} of {formatCount(downloads.allowed)} downloads used this period{' '}
      <span className={allowanceStyles.allowancePeriod}>
        (until <time dateTime={until}>{formatRunDate(until)}</time>)
      </span>
    </p>
  );
}
