import type { ChangeKind, PreviewChange, PreviewCounts } from '@tradelist/contract/sync-previews';
import type { SyncProvider } from '@tradelist/contract/sync';
import { useId } from 'react';
import { cx } from '../../../lib/cx';
import { formatCount } from '../../../lib/format';
import {
  changeCells,
  isExcluded,
  previewKindLabels,
  previewKindOrder,
  rowOutcome,
  setAllowDecrease,
  setItemExcluded,
  setOverwriteEdited,
  type ApprovalDraft,
} from '../utils/preview-approval';
import { providerName } from '../utils/messages';
import fieldStyles from '../../../components/ui/field.module.css';
import styles from './sync-preview.module.css';
import { Pager } from '../../../components/ui/pager';

const kindClass: Partial<Record<ChangeKind, string | undefined>> = {
  up: styles.kindUp,
  down: styles.kindDown,
  new: styles.kindNew,
  edited_in_target: styles.kindEdited,
  left_list: styles.kindLeft,
};

/** The counts on top; each is also the filter of its kind (pressed again: every kind). */
export function PreviewCountButtons({ counts, kind, onKind }: { counts: PreviewCounts; kind: ChangeKind | null; onKind: (kind: ChangeKind | null) => void }) {
  return (
    <ul className={styles.counts} aria-label="Changes by kind">
      {previewKindOrder.map((option) => (
        <li key={option}>
          <button type="button" className={styles.count} aria-pressed={kind === option} onClick={() => onKind(kind === option ? null : option)}>
            <span className={styles.countNumber}>{formatCount(counts[option])}</span>{' '}
            <span className={styles.countLabel}>{previewKindLabels[option]}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

interface ToolsProps {
  search: string;
  onSearch: (search: string) => void;
  kind: ChangeKind | null;
  onKind: (kind: ChangeKind | null) => void;
  shown: number;
  isFetching: boolean;
}

/** The search box, the kind filter, and how many changes match (read out when it changes). */
export function PreviewTools({ search, onSearch, kind, onKind, shown, isFetching }: ToolsProps) {
  const searchId = useId();
  const kindId = useId();
  return (
    <div className={styles.tools}>
      <div className={cx(fieldStyles.field, styles.toolsSearch)}>
        <label className={fieldStyles.fieldLabel} htmlFor={searchId}>
          Search changes
        </label>
        <input id={searchId} className={fieldStyles.fieldInput} type="search" placeholder="SKU or name" autoComplete="off" maxLength={100} value={search} onChange={(event) => onSearch(event.target.value)} />
      </div>
      <div className={fieldStyles.field}>
        <label className={fieldStyles.fieldLabel} htmlFor={kindId}>
          Show
        </label>
        <select id={kindId} className={fieldStyles.fieldInput} value={kind ?? ''} onChange={(event) => onKind((event.target.value || null) as ChangeKind | null)}>
          <option value="">Every kind of change</option>
          {previewKindOrder.map((option) => (
            <option key={option} value={option}>
              {previewKindLabels[option]}
            </option>
          ))}
        </select>
      </div>
      <p className={styles.toolsShown} aria-live="polite" aria-busy={isFetching || undefined}>
        {formatCount(shown)} {shown === 1 ? 'change matches' : 'changes match'}
      </p>
    </div>
  );
}

interface RowChoiceProps {
  change: PreviewChange;
  draft: ApprovalDraft;
  onDraft: (draft: ApprovalDraft) => void;
}

/** The row's tick: include it, lower it anyway (only raise), or overwrite the price edited in the service. */
function RowChoice({ change, draft, onDraft }: RowChoiceProps) {
  const { sku, kind } = change;
  if (kind === 'unchanged') return null;
  if (kind === 'edited_in_target') {
    return (
      <label className={styles.rowChoice}>
        <input type="checkbox" aria-label={`Overwrite ${sku}`} checked={draft.overwriteEdited.has(sku) && !isExcluded(draft, change)} onChange={(event) => onDraft(setOverwriteEdited(setItemExcluded(draft, change, false), sku, event.target.checked))} />
        <span aria-hidden="true">Overwrite</span>
      </label>
    );
  }
  if (kind === 'down' && draft.onlyRaise && !isExcluded(draft, change)) {
    return (
      <label className={styles.rowChoice}>
        <input type="checkbox" aria-label={`Lower ${sku} anyway`} checked={draft.allowDecrease.has(sku)} onChange={(event) => onDraft(setAllowDecrease(draft, sku, event.target.checked))} />
        <span aria-hidden="true">Lower anyway</span>
      </label>
    );
  }
  const groupOut = draft.excludedKinds.has(kind) || (kind === 'left_list' && !draft.retireLeft);
  return <input type="checkbox" aria-label={`Sync ${sku}`} checked={!isExcluded(draft, change) && !groupOut} disabled={groupOut} onChange={(event) => onDraft(setItemExcluded(draft, change, !event.target.checked))} />;
}

interface TableProps {
  changes: PreviewChange[];
  draft: ApprovalDraft;
  onDraft: (draft: ApprovalDraft) => void;
  provider: SyncProvider;
  emptyText: string;
}

/** The changes, largest first, in a table that scrolls inside itself on a narrow screen. */
export function PreviewTable({ changes, draft, onDraft, provider, emptyText }: TableProps) {
  const captionId = useId();
  return (
    <div className={styles.tableScroll} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table}>
        <caption id={captionId}>Changes the sync to {providerName(provider)} would make</caption>
        <thead>
          <tr>
            <th scope="col">Sync</th>
            <th scope="col">SKU</th>
            <th scope="col">Name</th>
            <th scope="col">Change</th>
            <th scope="col" className={styles.isNumber}>Old price</th>
            <th scope="col" className={styles.isNumber}>New price</th>
            <th scope="col" className={styles.isNumber}>$</th>
            <th scope="col" className={styles.isNumber}>%</th>
            <th scope="col">What happens</th>
          </tr>
        </thead>
        <tbody>
          {changes.length === 0 ? (
            <tr>
              <td colSpan={9} className={styles.empty}>
                {emptyText}
              </td>
            </tr>
          ) : (
            changes.map((change) => {
              const cells = changeCells(change);
              const outcome = rowOutcome(draft, change, provider);
              const tone = cells.amount.startsWith('+') ? styles.isUp : cells.amount ? styles.isDown : undefined;
              return (
                <tr key={`${change.kind}-${change.sku}`} className={cx(!outcome.writes && change.kind !== 'unchanged' && styles.rowLeftOut)}>
                  <td>
                    <RowChoice change={change} draft={draft} onDraft={onDraft} />
                  </td>
                  <td className={styles.sku}>{change.sku}</td>
                  <td>{change.name}</td>
                  <td>
                    <span className={cx(styles.kind, kindClass[change.kind])}>{previewKindLabels[change.kind]}</span>
                  </td>
                  <td className={styles.isNumber}>{cells.oldPrice}</td>
                  <td className={styles.isNumber}>{cells.newPrice}</td>
                  <td className={cx(styles.isNumber, tone)}>{cells.amount}</td>
                  <td className={cx(styles.isNumber, tone)}>{cells.percent}</td>
                  <td className={cx(styles.outcome, !outcome.writes && styles.outcomeKept)}>{outcome.text}</td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}

/** Previous and next page of the changes. */
export function PreviewPager({ offset, limit, total, onOffset }: { offset: number; limit: number; total: number; onOffset: (offset: number) => void }) {
  if (total <= limit) return null;
  return (
    <Pager
      label="Pages of changes"
      position={`${formatCount(offset + 1)}–${formatCount(Math.min(total, offset + limit))} of ${formatCount(total)}`}
      hasPrevious={offset > 0}
      hasNext={offset + limit < total}
      onPrevious={() => onOffset(Math.max(0, offset - limit))}
      onNext={() => onOffset(offset + limit)}
    />
  );
}
