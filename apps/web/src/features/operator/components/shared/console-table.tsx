import type { ReactNode } from 'react';
import styles from '../operator-console.module.css';

/**
 * A console table: its caption, its column headings (the last one may be read by screen readers
 * only, for a column of buttons), and its rows; or a sentence instead when there is nothing to list.
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
  if (empty?.when) return <p className={styles.operatorConsoleText}>{empty.text}</p>;
  return (
    <table className={styles.operatorConsoleTable}>
      <caption>{caption}</caption>
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
  );
}
