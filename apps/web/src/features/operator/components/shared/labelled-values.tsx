import type { ReactNode } from 'react';
import styles from './shared.module.css';

/** Labels and their values, one pair a row; the list's layout comes from `className`. */
export function LabelledValues({ rows, className }: { rows: Array<[label: string, value: ReactNode]>; className: string | undefined }) {
  return (
    <dl className={className}>
      {rows.map(([label, value]) => (
        <div key={label} className={styles.labelledValue}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
