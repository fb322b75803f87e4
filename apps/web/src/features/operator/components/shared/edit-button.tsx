import buttonStyles from '../../../../components/ui/button.module.css';

/** A table row's "Edit" button, named after what it edits ("Edit Electrical"). */
export function EditButton({ name, onEdit }: { name: string; onEdit: () => void }) {
  return (
    <button type="button" className={buttonStyles.linkButton} onClick={onEdit} aria-label={`Edit ${name}`}>
      Edit
    </button>
  );
}
