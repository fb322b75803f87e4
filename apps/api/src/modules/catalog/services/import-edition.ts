import type { AppContext } from '../../../context.ts';
import { commandLineActor, type Actor } from '../../../audit/audit-log.ts';
import { checkEditionToPublish, type EditionFileInput } from './check-edition.ts';
import type { EditionAnnouncements } from './edition-announcements.ts';
import type { EditionComparison } from './edition-diff.ts';
import { publishCheckedEdition } from './publish-edition.ts';
import type { RowProblem } from './validate-supplier-rows.ts';

export interface ImportEditionInput extends EditionFileInput {
  /** Validate and compare, store nothing. */
  dryRun?: boolean | undefined;
}

export type ImportEditionResult =
  | { status: 'rejected'; problems: RowProblem[] }
  | {
      status: 'imported' | 'checked';
      category: { id: number; name: string; wasAnnounced: boolean };
      edition: { id: number | null; code: string; name: string; rundate: string; isFree: boolean; itemCount: number };
      comparison: EditionComparison;
    };

/**
 * Imports a supplier file as a new edition (`npm run admin -- import-edition`): the same check
 * (check-edition.ts) and the same publication (publish-edition.ts) as the console's upload and
 * publish, in one step; `announcements` schedules the edition's announcement.
 */
export async function importEdition(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  announcements: EditionAnnouncements,
  input: ImportEditionInput,
  actor: Actor = commandLineActor,
): Promise<ImportEditionResult> {
  const checked = await checkEditionToPublish(ctx, input);
  if (checked.status === 'rejected') return checked;
  const summary = { category: checked.category, comparison: checked.comparison };
  if (input.dryRun) return { status: 'checked', ...summary, edition: checked.edition };
  const stored = await publishCheckedEdition(ctx, checked, actor, announcements);
  return { status: 'imported', ...summary, edition: { ...checked.edition, ...stored } };
}
