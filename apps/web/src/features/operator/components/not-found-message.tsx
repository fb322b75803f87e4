import styles from './operator-console.module.css';

/** /operator/{section} for a section that does not exist. */
export function NotFoundMessage() {
  return (
    <p role="alert" className={styles.operatorConsoleText}>
      This part of the console does not exist. Choose one above.
    </p>
  );
}
