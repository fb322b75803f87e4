import type { ChangeKind, PreviewCounts } from '@tradelist/contract/sync-previews';
import type { SyncProvider } from '@tradelist/contract/sync';
import type { ReactNode } from 'react';
import { formatCount } from '../../../lib/format';
import { providerName } from '../utils/messages';
import { groupKinds, setKindExcluded, type ApprovalDraft } from '../utils/preview-approval';
import styles from './sync-preview.module.css';

/** A group's tick, with its count: "Sync the 12 new items", "Sync the 1 new item". */
const groupLabels: Partial<Record<ChangeKind, [one: string, many: string]>> = {
  new: ['new item', 'new items'],
  up: ['price increase', 'price increases'],
  down: ['price decrease', 'price decreases'],
  details: ['change of name or details', 'changes of name or details'],
};

function groupLabel(kind: ChangeKind, count: number): string {
  const [one, many] = groupLabels[kind] ?? ['item', 'items'];
  return `Sync the ${formatCount(count)} ${count === 1 ? one : many}`;
}

function Option({ checked, onChange, label, hint }: { checked: boolean; onChange: (checked: boolean) => void; label: string; hint?: ReactNode }) {
  return (
    <label className={styles.option}>
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>
        {label}
        {hint ? <span className={styles.optionHint}>{hint}</span> : null}
      </span>
    </label>
  );
}

interface PreviewOptionsProps {
  counts: PreviewCounts;
  draft: ApprovalDraft;
  onDraft: (draft: ApprovalDraft) => void;
  provider: SyncProvider;
}

/** The choices over whole groups: which kinds go, only raise prices, and retiring what left the list. */
export function PreviewOptions({ counts, draft, onDraft, provider }: PreviewOptionsProps) {
  const service = providerName(provider);
  return (
    <fieldset className={styles.options}>
      <legend>What to sync</legend>
      {groupKinds
        .filter((kind) => counts[kind] > 0)
        .map((kind) => (
          <Option key={kind} checked={!draft.excludedKinds.has(kind)} onChange={(checked) => onDraft(setKindExcluded(draft, kind, !checked))} label={groupLabel(kind, counts[kind])} />
        ))}
      <Option
        checked={draft.onlyRaise}
        onChange={(onlyRaise) => onDraft({ ...draft, onlyRaise })}
        label="Only raise prices"
        hint={`A lower price is left as it is in ${service} unless you tick “Lower anyway” on its row.`}
      />
      <Option
        checked={draft.retireLeft}
        onChange={(retireLeft) => onDraft({ ...draft, retireLeft })}
        label={`Make items that left the list inactive (${formatCount(counts.left_list)})`}
        hint={`Items a sync of ours put in ${service} that this edition no longer has. They are made inactive, never deleted.`}
      />
      {counts.edited_in_target > 0 ? (
        <p className={styles.optionHint}>
          {formatCount(counts.edited_in_target)} {counts.edited_in_target === 1 ? 'item was' : 'items were'} edited in {service} since our last sync: the price
          there wins unless you tick “Overwrite” on its row.
        </p>
      ) : null}
    </fieldset>
  );
}
