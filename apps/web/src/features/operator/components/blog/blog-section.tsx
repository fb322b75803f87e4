import { zodResolver } from '@hookform/resolvers/zod';
import type { OperatorPost, SavePostRequest } from '@tradelist/contract/operator-content';
import { savePostRequest } from '@tradelist/contract/operator-content';
import { buildPath, appRoutes } from '@tradelist/contract/app-routes';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import buttonStyles from '../../../../components/ui/button.module.css';
import fieldStyles from '../../../../components/ui/field.module.css';
import { TextField } from '../../../../components/ui/text-field';
import { cx } from '../../../../lib/cx';
import { notify } from '../../../../lib/notify';
import { PostBody, renderPostText } from '../../../blog';
import { useDeletePost, useOperatorPosts, useSavePost } from '../../api/content';
import { showSaveError } from '../../utils/server-errors';
import styles from '../operator-console.module.css';
import contentStyles from '../content/content.module.css';
import { ImageUploadField } from '../content/image-upload-field';
import { SectionState } from '../section-state';
import { ConfirmButton } from '../shared/confirm-button';
import { ConsoleTable } from '../shared/console-table';
import { EditButton } from '../shared/edit-button';
import { FormActions } from '../shared/form-actions';
import type { Editing } from '../shared/new-or-editor';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const blank: SavePostRequest = {
  custom_url: '',
  title: '',
  category: '',
  intro: '',
  author: '',
  author_image: '',
  thumbnail: '',
  paragraphs: [{ text: '', image: null }],
  status: 'draft',
};

function valuesOf(post: OperatorPost): SavePostRequest {
  const { custom_url, title, category, intro, author, author_image, thumbnail, paragraphs, status } = post;
  return { custom_url: custom_url ?? '', title, category, intro, author, author_image, thumbnail, paragraphs, status };
}

/** The post as the public page will show it, rendered and sanitised by the blog's own body, as the operator types. */
function LivePreview({ control, publishedAt }: { control: Control<SavePostRequest>; publishedAt: string | null }) {
  const values = useWatch({ control });
  return (
    <aside className={contentStyles.contentPreview} aria-label="Preview">
      <p className={contentStyles.contentPreviewLabel}>Preview</p>
      <PostBody
        post={{
          category: values.category ?? '',
          title: values.title ?? '',
          author_image: values.author_image || '/images2/profile-pic.png',
          author: values.author ?? '',
          created_at: publishedAt ?? new Date().toISOString(),
          intro: values.intro ?? '',
          paragraphs: (values.paragraphs ?? []).map((paragraph) => ({ html: renderPostText(paragraph?.text ?? ''), image: paragraph?.image ?? null })),
        }}
      />
    </aside>
  );
}

function PostEditor({ post, onDone }: { post: OperatorPost | null; onDone: () => void }) {
  const save = useSavePost();
  const { register, control, handleSubmit, setError, formState } = useForm<SavePostRequest>({
    resolver: zodResolver(savePostRequest),
    defaultValues: post ? valuesOf(post) : blank,
  });
  const paragraphs = useFieldArray({ control, name: 'paragraphs' });
  const submit = handleSubmit((body) =>
    save.mutate(
      { id: post?.id ?? null, body },
      {
        onSuccess: (saved) => {
          notify.success(saved.status === 'published' ? 'Post published.' : 'Draft saved.');
          onDone();
        },
        onError: (error) => showSaveError(error, setError, 'The post could not be saved.'),
      },
    ),
  );
  const errors = formState.errors;
  return (
    <div className={contentStyles.contentSplit}>
      <form className={contentStyles.contentEditor} onSubmit={(event) => void submit(event)} noValidate>
        <h2 className={contentStyles.contentEditorTitle}>{post ? `Edit “${post.title}”` : 'New post'}</h2>
        <TextField label="Title" error={errors.title?.message} {...register('title')} />
        <TextField label="Custom URL" hint="Lower-case words joined by hyphens: the post's address is /blog/ followed by it." error={errors.custom_url?.message} {...register('custom_url')} />
        <TextField label="Category" error={errors.category?.message} {...register('category')} />
        <TextField label="Intro" error={errors.intro?.message} {...register('intro')} />
        <TextField label="Author" error={errors.author?.message} {...register('author')} />
        <Controller
          control={control}
          name="author_image"
          render={({ field, fieldState }) => <ImageUploadField label="Author image" use="author" value={field.value || null} onChange={field.onChange} error={fieldState.error?.message} />}
        />
        <Controller
          control={control}
          name="thumbnail"
          render={({ field, fieldState }) => <ImageUploadField label="Thumbnail" use="thumbnail" value={field.value || null} onChange={field.onChange} error={fieldState.error?.message} />}
        />
        {paragraphs.fields.map((paragraph, index) => (
          <div key={paragraph.id} className={contentStyles.contentEditorParagraph}>
            <label className={fieldStyles.fieldLabel} htmlFor={`paragraph-${index}`}>
              Paragraph {index + 1} (markdown)
            </label>
            <textarea id={`paragraph-${index}`} className={contentStyles.contentEditorTextarea} {...register(`paragraphs.${index}.text`)} />
            {errors.paragraphs?.[index]?.text ? <p className={fieldStyles.fieldError}>{errors.paragraphs[index].text.message}</p> : null}
            <Controller
              control={control}
              name={`paragraphs.${index}.image`}
              render={({ field }) => <ImageUploadField label={`Paragraph ${index + 1} image (optional)`} use="paragraph" value={field.value} onChange={field.onChange} />}
            />
            {paragraphs.fields.length > 1 ? (
              <button type="button" className={buttonStyles.linkButton} onClick={() => paragraphs.remove(index)}>
                Remove paragraph {index + 1}
              </button>
            ) : null}
          </div>
        ))}
        {errors.paragraphs?.message ? <p className={fieldStyles.fieldError}>{errors.paragraphs.message}</p> : null}
        <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={() => paragraphs.append({ text: '', image: null })}>
          Add a paragraph
        </button>
        <div className={fieldStyles.field}>
          <label className={fieldStyles.fieldLabel} htmlFor="post-status">
            Status
          </label>
          <select id="post-status" className={fieldStyles.fieldInput} {...register('status')}>
            <option value="draft">Draft (not on the blog)</option>
            <option value="published">Published</option>
          </select>
        </div>
        <FormActions saveLabel="Save post" pending={save.isPending} onCancel={onDone} />
      </form>
      <LivePreview control={control} publishedAt={post?.published_at ?? null} />
    </div>
  );
}

/** Blog (product §10.13): every post, drafts included; a markdown editor with a live preview. */
export function BlogSection() {
  const posts = useOperatorPosts();
  const remove = useDeletePost();
  const [editing, setEditing] = useState<Editing<OperatorPost>>(null);
  if (posts.isPending || posts.isError) return <SectionState query={posts} what="posts" />;
  if (editing !== null) return <PostEditor key={editing === 'new' ? 'new' : editing.id} post={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />;
  return (
    <>
      <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonPrimary)} onClick={() => setEditing('new')}>
        New post
      </button>
      <ConsoleTable caption="Blog posts" columns={['Title', 'Status', 'Address', 'Last change']} hiddenColumn="Actions">
        {posts.data.map((post) => {
          const address = buildPath(appRoutes.blog, { id: post.custom_url ?? String(post.id) });
          return (
            <tr key={post.id}>
              <td>{post.title}</td>
              <td>{post.status === 'published' ? 'Published' : 'Draft'}</td>
              <td>{post.status === 'published' ? <a href={address}>{address}</a> : <span className={styles.operatorConsoleMuted}>{address}</span>}</td>
              <td>
                <time dateTime={post.updated_at}>{dateTime.format(new Date(post.updated_at))}</time>
              </td>
              <td className={contentStyles.contentEditorRow}>
                <EditButton name={post.title} onEdit={() => setEditing(post)} />
                <ConfirmButton
                  className={buttonStyles.linkButton}
                  label={`Delete ${post.title}`}
                  disabled={remove.isPending}
                  question={`Delete “${post.title}”? This cannot be undone.`}
                  onConfirm={() => remove.mutate(post.id, { onSuccess: () => notify.success('Post deleted.'), onError: () => notify.error('The post could not be deleted.') })}
                >
                  Delete
                </ConfirmButton>
              </td>
            </tr>
          );
        })}
      </ConsoleTable>
    </>
  );
}
