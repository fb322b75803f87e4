import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';
import buttonStyles from './button.module.css';
import styles from './pager.module.css';

interface PagerProps {
  /** The navigation's accessible name ("Pages of users"). */
  label: string;
  /** Where the list stands ("Page 2 of 5", "51–100 of 230"). */
  position: ReactNode;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  /** The buttons' words, "Previous" and "Next" unless the list reads otherwise ("Newer", "Older"). */
  previousText?: string;
  nextText?: string;
}

/** Previous and next under a list shown part by part, with where the list stands between them. */
export function Pager({ label, position, hasPrevious, hasNext, onPrevious, onNext, previousText = 'Previous', nextText = 'Next' }: PagerProps) {
  return (
    <nav className={styles.pager} aria-label={label}>
      <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} disabled={!hasPrevious} onClick={onPrevious}>
        {previousText}
      </button>
      <p>{position}</p>
      <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} disabled={!hasNext} onClick={onNext}>
        {nextText}
      </button>
    </nav>
  );
}

/** A list shown page by page (pages from 1): nothing when it fits on one page. */
export function PageByPage({ label, page, total, pageSize, onPage, previousText, nextText }: { label: string; page: number; total: number; pageSize: number; onPage: (page: number) => void; previousText?: string; nextText?: string }) {
  if (total <= pageSize) return null;
  return (
    <Pager
      label={label}
      position={`Page ${page} of ${Math.ceil(total / pageSize)}`}
      hasPrevious={page > 1}
      hasNext={page * pageSize < total}
      onPrevious={() => onPage(page - 1)}
      onNext={() => onPage(page + 1)}
      previousText={previousText}
      nextText={nextText}
    />
  );
}
