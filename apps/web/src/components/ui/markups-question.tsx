import type { FormEvent, ReactNode } from 'react';
import { cx } from '../../lib/cx';
import buttonStyles from './button.module.css';
import styles from './markups-question.module.css';

interface MarkupsQuestionFormProps {
  /** The id of the question, for the dialog's description. */
  questionId: string;
  collectionName: string;
  /** What the user is about to do: "syncing", "downloading". */
  before: string;
  /** What Yes does, after "Yes": "starts the sync". */
  yesDoes: string;
  onYes: () => void;
  /** Cancel sends the user to the markup configuration. */
  onCancel: () => void;
  /** The choices that go with the answer (format, software...). */
  children?: ReactNode;
}

/**
 * product §2: the question asked before a list leaves the app (a download or a sync): have the
 * markups been set? Yes goes on; Cancel takes the user to the markup configuration.
 */
export function MarkupsQuestionForm({ questionId, collectionName, before, yesDoes, onYes, onCancel, children }: MarkupsQuestionFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onYes();
  };
  return (
    <form className={styles.markupsQuestion} onSubmit={submit}>
      <p className={styles.markupsQuestionCollection}>{collectionName}</p>
      <p className={styles.markupsQuestionQuestion} id={questionId}>
        Have you added your desired markup configurations before {before}?
      </p>
      <p className={styles.markupsQuestionNote}>Yes {yesDoes}. Cancel takes you to your markup configuration.</p>
      {children}
      <div className={styles.markupsQuestionActions}>
        <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={cx(buttonStyles.button, buttonStyles.buttonPrimary)}>
          Yes
        </button>
      </div>
    </form>
  );
}
