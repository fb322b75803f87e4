import { PROFILE_PICTURE_MAX_BYTES } from '@tradelist/contract/profile';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import buttonStyles from '../../../components/ui/button.module.css';
import { isApiError } from '../../../lib/api-client';
import { firstFieldMessage, serverErrorLines } from '../../../lib/error-messages';
import { assetPaths } from '../../../config/paths';
import { cx } from '../../../lib/cx';
import { notify } from '../../../lib/notify';
import { useStoredSession } from '../../../lib/stored-session';
import { useRemoveProfilePicture, useUploadProfilePicture } from '../api/profile-picture';
import { useProfilePicture } from '../hooks/use-profile-picture';
import { profileMessages } from '../utils/messages';
import profileStyles from './profile-picture-settings.module.css';

const ACCEPTED_TYPES = 'image/png,image/jpeg,image/webp,image/gif,image/avif';
const tooLargeReason = 'The picture is too large: at most 5 MB.';

/** The server's reason for a refused upload (its field error), shown under the toast's summary. */
function reasonOf(error: Error): string | null {
  if (!isApiError(error)) return null;
  return firstFieldMessage(error.body?.fields, 'profile_image') ?? serverErrorLines(error.body, {})[0] ?? null;
}

/** The picture's uploads and removals: each toast replaces the one before, so a success clears an earlier failure. */
const pictureToasts = { form: 'profile-picture' } as const;

/** The chosen file and the server's reason for a refusal; an upload checks the size first, a success clears the chooser. */
function usePictureChanges(userId: number) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [reason, setReason] = useState<string | null>(null);
  const upload = useUploadProfilePicture(userId, file, {
    onSuccess() {
      notify.success(profileMessages.updated, pictureToasts);
      setFile(null);
      setReason(null);
      if (input.current) input.current.value = '';
    },
    onError(error) {
      notify.error(profileMessages.updateFailed, pictureToasts);
      setReason(reasonOf(error));
    },
  });
  const remove = useRemoveProfilePicture(userId, {
    onSuccess() {
      notify.success(profileMessages.removed, pictureToasts);
      setReason(null);
    },
    onError() {
      notify.error(profileMessages.removeFailed, pictureToasts);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    if (file.size > PROFILE_PICTURE_MAX_BYTES) {
      notify.error(profileMessages.updateFailed, pictureToasts);
      setReason(tooLargeReason);
      return;
    }
    upload.mutate();
  }
  const choose = (next: File | null) => {
    setFile(next);
    setReason(null);
  };
  return { input, file, reason, choose, submit, upload, remove };
}

/** The current picture; one that fails to load is replaced by the default one too (product §8.13). */
function CurrentPicture({ picture }: { picture: ReturnType<typeof useProfilePicture> }) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const src = brokenSrc === picture.src ? assetPaths.defaultProfilePicture : picture.src;
  return (
    <img
      className={profileStyles.profilePicturePicture}
      src={src}
      alt={picture.hasPicture ? 'Your profile picture' : 'Default profile picture'}
      width={128}
      height={128}
      onError={() => {
        console.error('The profile picture could not be loaded.', picture.src);
        setBrokenSrc(picture.src);
      }}
    />
  );
}

/** The Profile tab of Settings (product §2.13): the current picture, upload and remove. */
export function ProfilePictureSettings() {
  const userId = useStoredSession().session?.id ?? 0;
  const picture = useProfilePicture();
  const inputId = useId();
  const hintId = useId();
  const { input, file, reason, choose, submit, upload, remove } = usePictureChanges(userId);

  useEffect(() => {
    if (picture.isError) notify.error(profileMessages.fetchFailed);
  }, [picture.isError]);
  const busy = upload.isPending || remove.isPending;

  return (
    <section className={profileStyles.profilePicture} aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className={profileStyles.profilePictureTitle}>
        Profile picture
      </h2>
      <div className={profileStyles.profilePictureLayout}>
        <CurrentPicture picture={picture} />
        <form className={profileStyles.profilePictureForm} onSubmit={submit}>
          <label htmlFor={inputId} className={profileStyles.profilePictureLabel}>
            Choose a picture
          </label>
          <input
            ref={input}
            id={inputId}
            className={profileStyles.profilePictureFile}
            type="file"
            accept={ACCEPTED_TYPES}
            aria-describedby={hintId}
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
          />
          <p id={hintId} className={profileStyles.profilePictureHint}>
            PNG, JPEG, WebP, GIF or AVIF, at most 5 MB. It is cropped to a square.
          </p>
          {reason ? (
            <p className={profileStyles.profilePictureError} role="alert">
              {reason}
            </p>
          ) : null}
          <div className={profileStyles.profilePictureActions}>
            <button type="submit" className={cx(buttonStyles.button, buttonStyles.buttonPrimary)} disabled={!file || busy}>
              {upload.isPending ? 'Uploading…' : 'Upload picture'}
            </button>
            <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} disabled={!picture.hasPicture || busy} onClick={() => remove.mutate()}>
              {remove.isPending ? 'Removing…' : 'Remove picture'}
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}
