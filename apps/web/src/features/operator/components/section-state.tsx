import type { UseQueryResult } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import styles from './operator-console.module.css';

/**
 * What a console section shows while its data loads or when it could not be loaded: a refusal
 * (403) says the console is for operators only. Every section uses it, so a non-operator who
 * opens any part of /operator is turned away the same way.
 */
export function SectionState({ query, what }: { query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error'>; what: string }) {
  if (query.isPending) return <p className={styles.operatorConsoleText}>Loading {what}…</p>;
  const refused = isApiError(query.error) && query.error.status === 403;
  return (
    <p role="alert" className={styles.operatorConsoleText}>
      {refused ? 'This console is for operators only.' : `The ${what} could not be loaded. Please try again.`}
    </p>
  );
}
