import { amountChange } from '@tradelist/pricing/changes';
import type { EditionComparison as ComparisonBody, EditionUploadResponse, OperatorEdition } from '@tradelist/contract/operator-editions';
import type { MailingRow } from '../../../db/schema.ts';
import type { CollectionWithCategory } from '../repositories/catalog.ts';
import type { CheckedEdition } from '../services/check-edition.ts';
import type { EditionComparison, PriceChange } from '../services/edition-diff.ts';
import { presentCollection } from './catalog.ts';

/** An edition as the console lists it, with where it stands and its announcement. */
export function presentOperatorEdition(row: CollectionWithCategory, status: OperatorEdition['status'], mailing: MailingRow | undefined): OperatorEdition {
  return {
    ...presentCollection(row),
    status,
    announcement: mailing ? { state: mailing.state, due_on: mailing.due_on, recipients: mailing.recipients } : null,
  };
}

function presentChange(change: PriceChange) {
  const { amountCents, percentBp } = amountChange(change.oldCents, change.newCents);
  return { sku: change.sku, name: change.name, old_cents: change.oldCents, new_cents: change.newCents, change_cents: amountCents, change_bp: percentBp };
}

/** The comparison with the previous edition, as the console's preview shows it. */
export function presentComparison(comparison: EditionComparison): ComparisonBody {
  const item = (i: { sku: string; name: string; costCents: number }) => ({ sku: i.sku, name: i.name, cost_cents: i.costCents });
  return {
    previous: comparison.previous ? { collection_id: comparison.previous.code, name: comparison.previous.name, rundate: comparison.previous.rundate } : null,
    added: comparison.added,
    removed: comparison.removed,
    price_up: comparison.priceUp,
    price_down: comparison.priceDown,
    unchanged: comparison.unchanged,
    examples: {
      added: comparison.examples.added.map(item),
      removed: comparison.examples.removed.map(item),
      price_up: comparison.examples.priceUp.map(presentChange),
      price_down: comparison.examples.priceDown.map(presentChange),
    },
  };
}

/** A checked file kept for publishing, as the console's preview shows it. */
export function presentCheckedUpload(uploadId: number, checked: CheckedEdition, today: string): Extract<EditionUploadResponse, { status: 'checked' }> {
  return {
    status: 'checked',
    upload_id: uploadId,
    sha256: checked.sha256,
    category: { id: checked.category.id, name: checked.category.name, is_announced: checked.category.wasAnnounced },
    edition: {
      collection_id: checked.edition.code,
      name: checked.edition.name,
      rundate: checked.edition.rundate,
      is_free: checked.edition.isFree,
      item_count: checked.edition.itemCount,
      publishes: checked.edition.rundate <= today ? 'now' : 'on_rundate',
    },
    comparison: presentComparison(checked.comparison),
  };
}
