import { Fragment, type ReactNode } from 'react';
import buttonStyles from '../../../../components/ui/button.module.css';
import { cx } from '../../../../lib/cx';

/** What a list is editing: an item of it, a new one, or nothing. */
export type Editing<T> = T | 'new' | null;

/**
 * Under a list: its "New …" button, or the editor of the chosen item (null for a new one); the
 * editor starts afresh for each item.
 */
export function NewOrEditor<T extends { id: number }>({ editing, newLabel, onNew, editor }: {
  editing: Editing<T>;
  newLabel: string;
  onNew: () => void;
  editor: (item: T | null) => ReactNode;
}) {
  if (editing === null) {
    return (
      <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={onNew}>
        {newLabel}
      </button>
    );
  }
  return <Fragment key={editing === 'new' ? 'new' : editing.id}>{editor(editing === 'new' ? null : editing)}</Fragment>;
}
