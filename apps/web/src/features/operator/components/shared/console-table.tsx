import { useId, type ReactNode } from 'react';
import styles from '../operator-console.module.css';

/**
 * A console table: its caption, its column headings (the last one may be read by screen readers
 * only, for a column of buttons), and its rows; or a sentence instead when there is nothing to list.
 * A table wider than the screen scrolls sideways in its own box (a group named by the caption,
 * reachable with the keyboard), so the page itself never does.
 */
export function ConsoleTable({ caption, columns, hiddenColumn, empty, children }: {
  caption: ReactNode;
  columns: string[];
  /** A last column whose heading is for screen readers only (Actions, Open). */
  hiddenColumn?: string;
  /** Shown in place of the table when `when` is true. */
  empty?: { when: boolean; text: string };
  children: ReactNode;
}) {
  const captionId = useId();
  if (empty?.when) return <p className={styles.operatorConsoleText}>{empty.text}</p>;
  return (
    <div className={styles.operatorConsoleTableScroll} role="group" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.operatorConsoleTable}>
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            {hiddenColumn ? (
              <th scope="col">
                <span className="visually-hidden">{hiddenColumn}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
