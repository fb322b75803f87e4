import type { AuditLogEntry } from '@tradelist/contract/operator';
import { useAuditLog } from '../../api/get-audit-log';
import styles from '../operator-console.module.css';
import { SectionState } from '../section-state';
import { ConsoleTable } from '../shared/console-table';
import { MoreButton } from '../shared/more-button';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A stored value as the operator reads it: JSON, indented; nothing when there is none. */
function Value({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className={styles.operatorConsoleMuted}>—</span>;
  return <pre className={styles.operatorConsoleJson}>{JSON.stringify(value, null, 2)}</pre>;
}

function Row({ entry }: { entry: AuditLogEntry }) {
  return (
    <tr>
      <td>
        <time dateTime={entry.created_at}>{dateTime.format(new Date(entry.created_at))}</time>
      </td>
      <td>{entry.operator_email}</td>
      <td>
        <code>{entry.action}</code>
      </td>
      <td>
        {entry.subject_type}
        {entry.subject_id === null ? '' : ` ${entry.subject_id}`}
      </td>
      <td>
        <Value value={entry.before} />
      </td>
      <td>
        <Value value={entry.after} />
      </td>
      <td>{entry.reason ?? ''}</td>
    </tr>
  );
}

/** Every change an operator made, newest first, with what it was before and after. */
export function AuditLogSection() {
  const log = useAuditLog();
  if (log.isPending || log.isError) return <SectionState query={log} what="audit log" />;
  const entries = log.data.pages.flatMap((page) => page.entries);
  return (
    <>
      <ConsoleTable
        caption="Audit log"
        columns={['When', 'Operator', 'Action', 'Subject', 'Before', 'After', 'Reason']}
        empty={{ when: entries.length === 0, text: 'No operator has changed anything yet.' }}
      >
        {entries.map((entry) => (
          <Row key={entry.id} entry={entry} />
        ))}
      </ConsoleTable>
      {log.hasNextPage ? <MoreButton label="Older changes" loading={log.isFetchingNextPage} onMore={() => void log.fetchNextPage()} /> : null}
    </>
  );
}
