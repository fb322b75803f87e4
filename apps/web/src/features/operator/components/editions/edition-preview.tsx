import type { EditionUploadResponse, PriceChange } from '@tradelist/contract/operator-editions';
import { formatPercentChange, formatUsd } from '@tradelist/pricing/money';
import buttonStyles from '../../../../components/ui/button.module.css';
import { cx } from '../../../../lib/cx';
import { formatCount, formatRunDate } from '../../../../lib/format';
import { notify } from '../../../../lib/notify';
import { usePublishEdition } from '../../api/manage-editions';
import { notifyServerError } from '../../utils/server-errors';
import consoleStyles from '../operator-console.module.css';
import { ConsoleTable } from '../shared/console-table';
import styles from './editions.module.css';

type Rejected = Extract<EditionUploadResponse, { status: 'rejected' }>;
type Checked = Extract<EditionUploadResponse, { status: 'checked' }>;

/** +10.0% from basis points; "new" when the old cost was 0. */
function percent(bp: number | null): string {
  return bp === null ? 'new' : formatPercentChange(bp);
}

/** Every problem of a refused file, with its row number: nothing was stored. */
export function EditionProblems({ result }: { result: Rejected }) {
  const more = result.problem_count - result.problems.length;
  return (
    <section className={styles.editionsPanel} aria-labelledby="edition-problems-title">
      <h2 id="edition-problems-title">
        The file has {formatCount(result.problem_count)} problem{result.problem_count === 1 ? '' : 's'}; nothing was stored.
      </h2>
      <ConsoleTable caption="Problems" columns={['Row', 'Problem']}>
        {result.problems.map((problem, index) => (
          <tr key={`${problem.row ?? 'file'}-${index}`}>
            <td>{problem.row ?? 'File'}</td>
            <td>{problem.message}</td>
          </tr>
        ))}
      </ConsoleTable>
      {more > 0 ? <p className={consoleStyles.operatorConsoleMuted}>… and {formatCount(more)} more.</p> : null}
    </section>
  );
}

function ChangesTable({ caption, changes }: { caption: string; changes: PriceChange[] }) {
  if (changes.length === 0) return null;
  return (
    <ConsoleTable caption={caption} columns={['SKU', 'Name', 'Old cost', 'New cost', 'Change']}>
      {changes.map((change) => (
        <tr key={change.sku}>
          <td>{change.sku}</td>
          <td>{change.name}</td>
          <td>{formatUsd(change.old_cents)}</td>
          <td>{formatUsd(change.new_cents)}</td>
          <td className={change.change_cents > 0 ? styles.editionsUp : styles.editionsDown}>
            {change.change_cents > 0 ? '+' : '−'}
            {formatUsd(Math.abs(change.change_cents))} ({percent(change.change_bp)})
          </td>
        </tr>
      ))}
    </ConsoleTable>
  );
}

/**
 * What publishing the file would change against the category's previous edition (new, removed,
 * dearer, cheaper, the biggest movers), and the button that publishes it now or on its run date.
 */
export function EditionPreview({ result, onDone }: { result: Checked; onDone: () => void }) {
  const { edition, comparison } = result;
  const publishesNow = edition.publishes === 'now';
  const publish = usePublishEdition({
    onSuccess(published) {
      notify.success(
        publishesNow ? `Published ${published.collection_id}; subscribers are being emailed.` : `${published.collection_id} will be published on ${formatRunDate(published.rundate)}.`,
      );
      onDone();
    },
    onError: (error) => notifyServerError(error, 'The edition could not be published. Please try again.'),
  });
  const counts = [
    ['New', comparison.added],
    ['Removed', comparison.removed],
    ['Price up', comparison.price_up],
    ['Price down', comparison.price_down],
    ['Unchanged', comparison.unchanged],
  ] as const;
  return (
    <section className={styles.editionsPanel} aria-labelledby="edition-preview-title">
      <h2 id="edition-preview-title">Preview: {edition.name}</h2>
      <p>
        {edition.collection_id} · {result.category.name} ({edition.is_free ? 'free' : 'paid'}) · {formatCount(edition.item_count)} items · run date {formatRunDate(edition.rundate)}
      </p>
      {comparison.previous ? (
        <>
          <h3>
            Compared with {comparison.previous.name} ({comparison.previous.collection_id})
          </h3>
          <ul className={styles.editionsCounts} aria-label="Changes">
            {counts.map(([label, value]) => (
              <li key={label}>
                <strong>{formatCount(value)}</strong> {label}
              </li>
            ))}
          </ul>
          <ChangesTable caption="Biggest price increases" changes={comparison.examples.price_up} />
          <ChangesTable caption="Biggest price decreases" changes={comparison.examples.price_down} />
          {comparison.examples.added.length > 0 ? (
            <p>New, for example: {comparison.examples.added.map((item) => `${item.name} (${item.sku}, ${formatUsd(item.cost_cents)})`).join('; ')}</p>
          ) : null}
          {comparison.examples.removed.length > 0 ? <p>Removed, for example: {comparison.examples.removed.map((item) => `${item.name} (${item.sku})`).join('; ')}</p> : null}
        </>
      ) : (
        <p>This is the first edition of {result.category.name}: every item is new.</p>
      )}
      <div className={styles.editionsActions}>
        <button
          type="button"
          className={cx(buttonStyles.button, buttonStyles.buttonPrimary)}
          disabled={publish.isPending}
          onClick={() => publish.mutate({ uploadId: result.upload_id, sha256: result.sha256 })}
        >
          {publishesNow ? 'Publish now' : `Publish on ${formatRunDate(edition.rundate)}`}
        </button>
        <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} disabled={publish.isPending} onClick={onDone}>
          Discard
        </button>
      </div>
    </section>
  );
}
