import buttonStyles from '../../../../components/ui/button.module.css';
import { cx } from '../../../../lib/cx';
import consoleStyles from '../operator-console.module.css';
import styles from './shared.module.css';

/** Previous and next for a list shown page by page; nothing when it fits on one page. */
export function Pager({ label, page, total, pageSize, onPage }: { label: string; page: number; total: number; pageSize: number; onPage: (page: number) => void }) {
  if (total <= pageSize) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonGhost)} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {Math.ceil(total / pageSize)}
      </span>
      <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonGhost)} disabled={page * pageSize >= total} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

/** The button under a list that loads its next, older part. */
export function MoreButton({ label, loading, onMore }: { label: string; loading: boolean; onMore: () => void }) {
  return (
    <button type="button" className={consoleStyles.operatorConsoleButton} disabled={loading} onClick={onMore}>
      {loading ? 'Loading…' : label}
    </button>
  );
}
