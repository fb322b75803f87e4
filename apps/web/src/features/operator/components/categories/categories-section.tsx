import { zodResolver } from '@hookform/resolvers/zod';
import type { OperatorCategory, SaveCategoryRequest } from '@tradelist/contract/operator-content';
import { saveCategoryRequest } from '@tradelist/contract/operator-content';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import fieldStyles from '../../../../components/ui/field.module.css';
import { TextField } from '../../../../components/ui/text-field';
import { notify } from '../../../../lib/notify';
import { useOperatorCategories, useSaveCategory } from '../../api/content';
import { showSaveError } from '../../utils/server-errors';
import styles from '../operator-console.module.css';
import contentStyles from '../content/content.module.css';
import { ImageUploadField } from '../content/image-upload-field';
import { SectionState } from '../section-state';
import { ConsoleTable } from '../shared/console-table';
import { EditButton } from '../shared/edit-button';
import { FormActions } from '../shared/form-actions';
import { NewOrEditor, type Editing } from '../shared/new-or-editor';

const blank: SaveCategoryRequest = { name: '', tagline: '', image: null, is_free: false, is_announced: false };

function CategoryForm({ category, onDone }: { category: OperatorCategory | null; onDone: () => void }) {
  const save = useSaveCategory();
  const { register, control, handleSubmit, setError, formState } = useForm<SaveCategoryRequest>({
    resolver: zodResolver(saveCategoryRequest),
    defaultValues: category ? { name: category.name, tagline: category.tagline ?? '', image: category.image, is_free: category.is_free, is_announced: category.is_announced } : blank,
  });
  const submit = handleSubmit((body) =>
    save.mutate(
      { id: category?.id ?? null, body },
      {
        onSuccess: () => {
          notify.success('Category saved.');
          onDone();
        },
        onError: (error) => showSaveError(error, setError, 'The category could not be saved.'),
      },
    ),
  );
  return (
    <form className={contentStyles.contentEditor} onSubmit={(event) => void submit(event)} noValidate>
      <h2 className={contentStyles.contentEditorTitle}>{category ? `Edit ${category.name}` : 'New category'}</h2>
      <TextField label="Name" error={formState.errors.name?.message} {...register('name')} />
      <TextField label="Tagline" error={formState.errors.tagline?.message} {...register('tagline')} />
      <Controller
        control={control}
        name="image"
        render={({ field, fieldState }) => <ImageUploadField label="Image" use="category" value={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
      />
      <label className={contentStyles.contentEditorCheck}>
        <input type="checkbox" {...register('is_free')} /> Free (no subscription needed)
      </label>
      <p className={fieldStyles.fieldHint}>Free or paid applies to the editions published from now on; editions already published keep theirs.</p>
      <label className={contentStyles.contentEditorCheck}>
        <input type="checkbox" {...register('is_announced')} /> Announced only (coming soon, not on sale yet)
      </label>
      <FormActions saveLabel="Save category" pending={save.isPending} onCancel={onDone} />
      {category ? <p className={fieldStyles.fieldHint}>Its editions' codes use the slug {category.slug}, which stays.</p> : null}
    </form>
  );
}

/** Categories (product §10.13): name, tagline, image, free or paid, announced or available. */
export function CategoriesSection() {
  const categories = useOperatorCategories();
  const [editing, setEditing] = useState<Editing<OperatorCategory>>(null);
  if (categories.isPending || categories.isError) return <SectionState query={categories} what="categories" />;
  return (
    <>
      <ConsoleTable caption="Categories" columns={['Name', 'Tagline', 'Access', 'State', 'Editions']} hiddenColumn="Actions">
        {categories.data.map((category) => (
          <tr key={category.id}>
            <td>{category.name}</td>
            <td>{category.tagline ?? <span className={styles.operatorConsoleMuted}>—</span>}</td>
            <td>{category.is_free ? 'Free' : 'Paid'}</td>
            <td>{category.is_announced ? 'Announced' : 'Available'}</td>
            <td>{category.edition_count}</td>
            <td>
              <EditButton name={category.name} onEdit={() => setEditing(category)} />
            </td>
          </tr>
        ))}
      </ConsoleTable>
      <NewOrEditor editing={editing} newLabel="New category" onNew={() => setEditing('new')} editor={(category) => <CategoryForm category={category} onDone={() => setEditing(null)} />} />
    </>
  );
}
