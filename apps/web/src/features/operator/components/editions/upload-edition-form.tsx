import { zodResolver } from '@hookform/resolvers/zod';
import type { EditionUploadResponse } from '@tradelist/contract/operator-editions';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { TextField } from '../../../../components/ui/text-field';
import buttonStyles from '../../../../components/ui/button.module.css';
import fieldStyles from '../../../../components/ui/field.module.css';
import { cx } from '../../../../lib/cx';
import { showServerFieldErrors } from '../../../../lib/form-errors';
import { notify } from '../../../../lib/notify';
import { useEditionCategories } from '../../api/get-editions';
import { useUploadEdition } from '../../api/manage-editions';
import styles from './editions.module.css';

const uploadForm = z.object({
  category_id: z.string().regex(/^\d+$/, 'Choose a category.'),
  name: z.string().trim().max(200, 'Ensure this field has no more than 200 characters.'),
  rundate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.'),
  file: z.custom<FileList>((value) => value instanceof FileList && value.length === 1, 'Choose a supplier file (CSV or .xlsx).'),
});
type UploadFormValues = z.infer<typeof uploadForm>;

/** The form's labels, also the names its field errors are shown with (product §5.1). */
const labels = { category_id: 'Category', name: 'Edition name', rundate: 'Run date', file: 'Supplier file (CSV or .xlsx)' } as const;

/** Today in UTC, the day the server compares run dates with. */
function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * The supplier file, its category, the edition's name (a default when empty) and its run date
 * (today publishes at once, a later day on that day). The answer is the file's problems or a
 * preview, handed to `onChecked`.
 */
export function UploadEditionForm({ onChecked }: { onChecked: (result: EditionUploadResponse) => void }) {
  const categories = useEditionCategories();
  const form = useForm<UploadFormValues>({
    resolver: zodResolver(uploadForm),
    defaultValues: { category_id: '', name: '', rundate: todayUtc() },
  });
  const { register, handleSubmit, setError, formState } = form;
  const upload = useUploadEdition({
    onSuccess: onChecked,
    onError(error) {
      const lines = showServerFieldErrors(error, setError, labels);
      notify.error(lines.length > 0 ? lines : 'The file could not be uploaded. Please try again.');
    },
  });
  const submit = handleSubmit((values) => {
    const file = values.file.item(0);
    if (!file) return;
    upload.mutate({
      query: { category_id: Number(values.category_id), rundate: values.rundate, ...(values.name ? { name: values.name } : {}) },
      file,
    });
  });

  return (
    <form className={cx(fieldStyles.form, styles.editionsUpload)} noValidate onSubmit={submit} aria-label="Upload a supplier file">
      <div className={fieldStyles.field}>
        <label className={fieldStyles.fieldLabel} htmlFor="edition-category">
          Category
        </label>
        <select
          id="edition-category"
          className={fieldStyles.fieldInput}
          aria-invalid={formState.errors.category_id ? true : undefined}
          aria-describedby={formState.errors.category_id ? 'edition-category-error' : undefined}
          {...register('category_id')}
        >
          <option value="">Choose a category</option>
          {(categories.data ?? []).map((category) => (
            <option key={category.id} value={String(category.id)}>
              {category.name}
              {category.is_free ? ' (free)' : ''}
              {category.is_announced ? ' (announced)' : ''}
            </option>
          ))}
        </select>
        {formState.errors.category_id ? (
          <p className={fieldStyles.fieldError} id="edition-category-error">
            {formState.errors.category_id.message}
          </p>
        ) : null}
      </div>
      <TextField
        label="Supplier file (CSV or .xlsx)"
        type="file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        hint="Columns: sku, name, description, unit, group, cost (one row per item, the header first)."
        error={formState.errors.file?.message}
        {...register('file')}
      />
      <div className={styles.editionsRow}>
        <TextField label="Edition name" placeholder="Category Price List — Month Year" error={formState.errors.name?.message} {...register('name')} />
        <TextField label="Run date" type="date" hint="Today publishes at once; a later day publishes on that day." error={formState.errors.rundate?.message} {...register('rundate')} />
      </div>
      <div>
        <button type="submit" className={cx(buttonStyles.button, buttonStyles.buttonPrimary)} disabled={upload.isPending}>
          {upload.isPending ? 'Checking the file…' : 'Check and preview'}
        </button>
      </div>
    </form>
  );
}
