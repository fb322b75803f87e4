import { amountChange } from '@tradelist/pricing/changes';
import { formatPercentChange, formatUsd } from '@tradelist/pricing/money';
import { utcDay } from '../../../lib/clock.ts';
import { type EditionComparison, importEdition, listEditions, type PriceChange } from '../../catalog/index.ts';
import { editionAnnouncements } from '../../mailings/index.ts';
import { withAutomaticSyncs } from '../../sync/index.ts';
import { done, parseCommandArgs, type AdminCommand, type AdminCommandResult, type AdminContext } from './admin-command.ts';

/** At most this many problem lines are printed for a rejected file (the count is always given). */
const MAX_PROBLEM_LINES = 1000;

/** The commands on the catalog's editions: import one from a supplier file, list them. */
export const catalogCommands: Record<string, AdminCommand> = {
  'import-edition': runImportEdition,
  async 'list-editions'(ctx, args) {
    const { positionals } = parseCommandArgs(args, {}, { min: 0, max: 1 });
    return done(formatEditions(await listEditions(ctx, positionals[0])));
  },
};

/** `import-edition`: checks the file, stores it as a new edition unless a dry run, and prints the comparison with the previous one. */
async function runImportEdition(ctx: AdminContext, args: string[], files: ReadonlyMap<string, Uint8Array>): Promise<AdminCommandResult> {
  const { values, positionals } = parseCommandArgs(args, { name: { type: 'string' }, rundate: { type: 'string' }, 'dry-run': { type: 'boolean' } }, { min: 2, max: 2 });
  const [category, fileName] = positionals as [string, string];
  const content = files.get(fileName);
  if (!content) return { exitCode: 1, output: `Cannot read the file ${fileName}.\n` };
  const result = await importEdition(ctx, withAutomaticSyncs(editionAnnouncements), {
    category,
    fileName,
    content,
    name: values.name as string | undefined,
    rundate: values.rundate as string | undefined,
    dryRun: values['dry-run'] === true,
  });
  if (result.status === 'rejected') {
    const count = result.problems.length;
    const lines = result.problems.slice(0, MAX_PROBLEM_LINES).map((problem) => `  ${problem.row === null ? 'File' : `Row ${problem.row}`}: ${problem.message}`);
    if (count > MAX_PROBLEM_LINES) lines.push(`  ... and ${count - MAX_PROBLEM_LINES} more.`);
    return { exitCode: 1, output: `${fileName} was not imported (${count} problem${count === 1 ? '' : 's'}); nothing was stored.\n${lines.join('\n')}\n` };
  }
  const { edition, category: target, comparison } = result;
  const verb = result.status === 'imported' ? 'Imported' : 'Checked (dry run, nothing stored)';
  const lines = [
    `${verb}: "${edition.name}" as ${edition.code}, run date ${edition.rundate}, ${edition.isFree ? 'free' : 'paid'}, ${count(edition.itemCount)} items.`,
  ];
  if (result.status === 'imported' && target.wasAnnounced) lines.push(`${target.name} is no longer only announced.`);
  if (result.status === 'imported') {
    // The announcement was scheduled with the edition; the workers' scheduled look starts it (docs/decisions/0019).
    lines.push(
      edition.rundate > utcDay(ctx.clock.now())
        ? `Users see it from ${edition.rundate}; those with new-edition emails on are emailed then.`
        : 'Users with new-edition emails on who have access to it are emailed within minutes.',
    );
  }
  lines.push(...formatComparison(comparison));
  return done(lines.join('\n'));
}

const count = (n: number) => n.toLocaleString('en-US');
const dollars = (cents: number) => formatUsd(cents, { grouping: false });

function change(c: PriceChange): string {
  const { percentBp } = amountChange(c.oldCents, c.newCents);
  const percent = percentBp === null ? 'was free' : formatPercentChange(percentBp);
  return `    ${c.sku}  ${c.name}: ${dollars(c.oldCents)} -> ${dollars(c.newCents)} (${percent})`;
}

function formatComparison(comparison: EditionComparison): string[] {
  if (!comparison.previous) return ['No previous edition of this category to compare with.'];
  const p = comparison.previous;
  const lines = [
    `Compared with ${p.code} "${p.name}" (${p.rundate}):`,
    `  new ${count(comparison.added)}, removed ${count(comparison.removed)}, price up ${count(comparison.priceUp)}, price down ${count(comparison.priceDown)}, unchanged ${count(comparison.unchanged)}`,
  ];
  const { examples } = comparison;
  if (examples.added.length) lines.push('  New, e.g.:', ...examples.added.map((item) => `    ${item.sku}  ${item.name} (${dollars(item.costCents)})`));
  if (examples.removed.length) lines.push('  Removed, e.g.:', ...examples.removed.map((item) => `    ${item.sku}  ${item.name} (was ${dollars(item.costCents)})`));
  if (examples.priceUp.length) lines.push('  Largest price rises:', ...examples.priceUp.map(change));
  if (examples.priceDown.length) lines.push('  Largest price drops:', ...examples.priceDown.map(change));
  return lines;
}

function formatEditions(editions: Awaited<ReturnType<typeof listEditions>>): string {
  if (editions.length === 0) return 'No editions yet.';
  const rows = [
    ['Run date', 'Code', 'Name', 'Items', 'Access'],
    ...editions.map((e) => [e.rundate, e.collection_id, e.name, count(e.item_count), e.is_free ? 'free' : 'paid']),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column === 3 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
