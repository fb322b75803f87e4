import consoleStyles from '../operator-console.module.css';

/** The button under a list that loads its next, older part. */
export function MoreButton({ label, loading, onMore }: { label: string; loading: boolean; onMore: () => void }) {
  return (
    <button type="button" className={consoleStyles.operatorConsoleButton} disabled={loading} onClick={onMore}>
      {loading ? 'Loading…' : label}
    </button>
  );
}
