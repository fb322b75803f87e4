import type { AuditLogEntry } from '@tradelist/contract/operator';
import { useAuditLog } from '../../api/get-audit-log';
import styles from '../operator-console.module.css';
import { SectionState } from '../section-state';

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
      {entries.length === 0 ? (
        <p className={styles.operatorConsoleText}>No operator has changed anything yet.</p>
      ) : (
        <table className={styles.operatorConsoleTable}>
          <caption>Audit log</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Operator</th>
              <th scope="col">Action</th>
              <th scope="col">Subject</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <Row key={entry.id} entry={entry} />
            ))}
          </tbody>
        </table>
      )}
      {log.hasNextPage ? (
        <button type="button" className={styles.operatorConsoleButton} disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {log.isFetchingNextPage ? 'Loading…' : 'Older changes'}
        </button>
      ) : null}
    </>
  );
}
