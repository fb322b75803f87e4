import type { OperatorGuide } from '@tradelist/contract/operator-content';
import { useId, useState, type FormEvent } from 'react';
import buttonStyles from '../../../../components/ui/button.module.css';
import fieldStyles from '../../../../components/ui/field.module.css';
import { TextField } from '../../../../components/ui/text-field';
import { isApiError } from '../../../../lib/api-client';
import { serverErrorLines } from '../../../../lib/error-messages';
import { formatCount } from '../../../../lib/format';
import { notify } from '../../../../lib/notify';
import {
  useDeleteGuideResource,
  useEditGuideResource,
  useEditGuideVideo,
  useOperatorGuide,
  useReorderGuideResources,
  useReplaceGuideVideoPart,
  useUploadGuideResource,
} from '../../api/content';
import contentStyles from '../content/content.module.css';
import { SectionState } from '../section-state';
import { ConfirmButton } from '../shared/confirm-button';
import { ConsoleTable } from '../shared/console-table';
import { EditButton } from '../shared/edit-button';
import { FormActions } from '../shared/form-actions';

type Resource = OperatorGuide['resources'][number];
type Video = OperatorGuide['videos'][number];

/** The server's reason a change was refused (a file that is not what it claims, too large...), its field named as the form names it. */
function reasonOf(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  return serverErrorLines(error.body, { name: 'Name', title: 'Title', description: 'Description', file: 'File' })[0] ?? error.message;
}

const kilobytes = (bytes: number) => `${formatCount(Math.ceil(bytes / 1024))} kB`;

/** A name and description form, for a new PDF (with its file) or an existing PDF or video. */
function TextPairForm({ title, nameLabel, initial, withFile, pending, onSubmit, onCancel }: {
  title: string;
  nameLabel: string;
  initial: { name: string; description: string };
  withFile?: { label: string; accept: string };
  pending: boolean;
  onSubmit: (values: { name: string; description: string; file: File | null }) => void;
  onCancel?: () => void;
}) {
  const fileId = useId();
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description);
  const [file, setFile] = useState<File | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !description.trim() || (withFile && !file)) {
      notify.error('Fill in every field first.');
      return;
    }
    onSubmit({ name: name.trim(), description: description.trim(), file });
  };
  return (
    <form className={contentStyles.contentEditor} onSubmit={submit} noValidate>
      <h3 className={contentStyles.contentEditorTitle}>{title}</h3>
      <TextField label={nameLabel} value={name} onChange={(event) => setName(event.currentTarget.value)} />
      <TextField label="Description" value={description} onChange={(event) => setDescription(event.currentTarget.value)} />
      {withFile ? (
        <div className={fieldStyles.field}>
          <label className={fieldStyles.fieldLabel} htmlFor={fileId}>
            {withFile.label}
          </label>
          <input id={fileId} type="file" accept={withFile.accept} onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)} />
        </div>
      ) : null}
      <FormActions saveLabel="Save" pending={pending} onCancel={onCancel} />
    </form>
  );
}

interface ResourceRowProps {
  resource: Resource;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onMove: (by: -1 | 1) => void;
  onEdit: () => void;
  onRemove: () => void;
}

/** One guide PDF: its name, description and file, then Up, Down, Edit and Remove. */
function ResourceRow({ resource, canMoveUp, canMoveDown, onMove, onEdit, onRemove }: ResourceRowProps) {
  return (
    <tr>
      <td>{resource.name}</td>
      <td>{resource.description}</td>
      <td>
        {resource.file_name} ({kilobytes(resource.size_bytes)})
      </td>
      <td className={contentStyles.contentEditorRow}>
        <button type="button" className={buttonStyles.linkButton} disabled={!canMoveUp} onClick={() => onMove(-1)} aria-label={`Move ${resource.name} up`}>
          Up
        </button>
        <button type="button" className={buttonStyles.linkButton} disabled={!canMoveDown} onClick={() => onMove(1)} aria-label={`Move ${resource.name} down`}>
          Down
        </button>
        <EditButton name={resource.name} onEdit={onEdit} />
        <ConfirmButton className={buttonStyles.linkButton} label={`Remove ${resource.name}`} question={`Remove “${resource.name}” from the user guide?`} onConfirm={onRemove}>
          Remove
        </ConfirmButton>
      </td>
    </tr>
  );
}

function Resources({ resources }: { resources: Resource[] }) {
  const upload = useUploadGuideResource();
  const edit = useEditGuideResource();
  const remove = useDeleteGuideResource();
  const reorder = useReorderGuideResources();
  const [editing, setEditing] = useState<Resource | null>(null);
  const move = (index: number, by: -1 | 1) => {
    const ids = resources.map((resource) => resource.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    reorder.mutate(ids, { onError: (error) => notify.error(reasonOf(error, 'The order could not be saved.')) });
  };
  return (
    <>
      <ConsoleTable caption="Guide PDFs" columns={['Name', 'Description', 'File']} hiddenColumn="Actions">
        {resources.map((resource, index) => (
          <ResourceRow
            key={resource.id}
            resource={resource}
            canMoveUp={index > 0 && !reorder.isPending}
            canMoveDown={index < resources.length - 1 && !reorder.isPending}
            onMove={(by) => move(index, by)}
            onEdit={() => setEditing(resource)}
            onRemove={() =>
              remove.mutate(resource.id, { onSuccess: () => notify.success('PDF removed.'), onError: (error) => notify.error(reasonOf(error, 'The PDF could not be removed.')) })
            }
          />
        ))}
      </ConsoleTable>
      {editing ? (
        <TextPairForm
          key={editing.id}
          title={`Edit ${editing.name}`}
          nameLabel="Name"
          initial={editing}
          pending={edit.isPending}
          onCancel={() => setEditing(null)}
          onSubmit={({ name, description }) =>
            edit.mutate(
              { id: editing.id, name, description },
              {
                onSuccess: () => {
                  notify.success('PDF saved.');
                  setEditing(null);
                },
                onError: (error) => notify.error(reasonOf(error, 'The PDF could not be saved.')),
              },
            )
          }
        />
      ) : (
        <TextPairForm
          key={resources.length}
          title="Add a PDF"
          nameLabel="Name"
          initial={{ name: '', description: '' }}
          withFile={{ label: 'PDF file (at most 20 MB)', accept: 'application/pdf,.pdf' }}
          pending={upload.isPending}
          onSubmit={({ name, description, file }) =>
            upload.mutate({ name, description, file: file! }, { onSuccess: () => notify.success('PDF added to the user guide.'), onError: (error) => notify.error(reasonOf(error, 'The PDF could not be added.')) })
          }
        />
      )}
    </>
  );
}

const videoParts = [
  { part: 'video', label: 'Replace the video (MP4 or WebM, at most 100 MB)', accept: 'video/mp4,video/webm' },
  { part: 'poster', label: 'Replace the poster image', accept: 'image/png,image/jpeg,image/webp' },
  { part: 'captions', label: 'Replace the captions (WebVTT .vtt)', accept: 'text/vtt,.vtt' },
] as const;

function VideoEditor({ video }: { video: Video }) {
  const edit = useEditGuideVideo();
  const replace = useReplaceGuideVideoPart();
  const idPrefix = useId();
  return (
    <div className={contentStyles.contentEditor}>
      <div className={contentStyles.contentEditorRow}>
        <img src={video.poster_url} alt="" className={contentStyles.contentEditorThumb} />
        <span>
          {video.video_type}, {Math.round(video.duration_seconds)} s, {kilobytes(video.size_bytes)}
        </span>
      </div>
      <TextPairForm
        key={`${video.title}\n${video.description}`}
        title={video.title}
        nameLabel="Title"
        initial={{ name: video.title, description: video.description }}
        pending={edit.isPending}
        onSubmit={({ name, description }) =>
          edit.mutate({ id: video.id, title: name, description }, { onSuccess: () => notify.success('Video saved.'), onError: (error) => notify.error(reasonOf(error, 'The video could not be saved.')) })
        }
      />
      {videoParts.map(({ part, label, accept }) => (
        <div key={part} className={fieldStyles.field}>
          <label className={fieldStyles.fieldLabel} htmlFor={`${idPrefix}-${part}`}>
            {label}
          </label>
          <input
            id={`${idPrefix}-${part}`}
            type="file"
            accept={accept}
            disabled={replace.isPending}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (!file) return;
              replace.mutate({ id: video.id, part, file }, { onSuccess: () => notify.success('Video updated.'), onError: (error) => notify.error(reasonOf(error, 'The file could not be uploaded.')) });
            }}
          />
        </div>
      ))}
    </div>
  );
}

/** User guide (product §2.14): its PDFs (add, rename, reorder, remove) and its two videos. */
export function UserGuideSection() {
  const guide = useOperatorGuide();
  if (guide.isPending || guide.isError) return <SectionState query={guide} what="user guide" />;
  return (
    <>
      <Resources resources={guide.data.resources} />
      <h2>Videos</h2>
      {guide.data.videos.map((video) => (
        <VideoEditor key={video.id} video={video} />
      ))}
    </>
  );
}
