import type { ImageUse } from '@tradelist/contract/operator-content';
import { useId } from 'react';
import { isApiError } from '../../../../lib/api-client';
import { firstFieldMessage } from '../../../../lib/error-messages';
import { notify } from '../../../../lib/notify';
import fieldStyles from '../../../../components/ui/field.module.css';
import { useUploadImage } from '../../api/content';
import styles from './content.module.css';

/**
 * An image of a post or a category: the current one, and a file input that uploads a new one
 * (re-encoded by the server) and hands its site path to the form.
 */
export function ImageUploadField({ label, use, value, onChange, error }: { label: string; use: ImageUse; value: string | null; onChange: (url: string) => void; error?: string | undefined }) {
  const inputId = useId();
  const upload = useUploadImage();
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.fieldLabel} htmlFor={inputId}>
        {label}
      </label>
      <div className={styles.contentEditorRow}>
        {value ? <img src={value} alt="" className={styles.contentEditorThumb} /> : null}
        <input
          id={inputId}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
          disabled={upload.isPending}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (!file) return;
            upload.mutate(
              { use, file },
              {
                onSuccess: (image) => onChange(image.url),
                onError: (failure) => notify.error(isApiError(failure) ? (firstFieldMessage(failure.body?.fields, 'file') ?? failure.message) : 'The image could not be uploaded.'),
              },
            );
          }}
        />
        {upload.isPending ? <span role="status">Uploading…</span> : null}
      </div>
      {error ? <p className={fieldStyles.fieldError}>{error}</p> : null}
    </div>
  );
}
