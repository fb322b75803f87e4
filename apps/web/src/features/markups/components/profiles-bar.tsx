import { PROFILE_NAME_MAX, profileMessages, type PricingProfile, type PricingProfileInput } from '@tradelist/contract/pricing-profiles';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import buttonStyles from '../../../components/ui/button.module.css';
import fieldStyles from '../../../components/ui/field.module.css';
import { TextField } from '../../../components/ui/text-field';
import { cx } from '../../../lib/cx';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { profileChoiceLabel, useDeletePricingProfile, useSavePricingProfile } from '../../pricing-profiles';
import { profileToasts } from '../utils/screen-messages';
import rulesStyles from './rules-form.module.css';

/** The whole of a saved profile as a save sends it, with some fields changed. */
export function profileBody(profile: PricingProfile, change: Partial<PricingProfileInput> = {}): PricingProfileInput {
  const { id: _id, ...fields } = profile;
  return { ...fields, ...change };
}

/** A profile's name, checked as the server checks it: 1 to 40 characters, none of the user's other profiles'. */
export function profileNameError(name: string, profiles: readonly PricingProfile[], ownId: number | null): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return profileMessages.nameRequired;
  if (trimmed.length > PROFILE_NAME_MAX) return profileMessages.nameTooLong;
  if (profiles.some((profile) => profile.id !== ownId && profile.name.toLowerCase() === trimmed.toLowerCase())) return profileMessages.nameTaken;
  return null;
}

interface NameFormProps {
  label: string;
  submitLabel: string;
  initial: string;
  profiles: readonly PricingProfile[];
  ownId: number | null;
  onSave: (name: string, onRefused: (error: unknown) => void) => void;
  onCancel: () => void;
}

/** A name for a new profile or a renamed one; a refusal shows under the input. */
function NameForm({ label, submitLabel, initial, profiles, ownId, onSave, onCancel }: NameFormProps) {
  const form = useForm<{ name: string }>({ defaultValues: { name: initial }, mode: 'onSubmit' });
  const submit = form.handleSubmit(({ name }) => {
    const error = profileNameError(name, profiles, ownId);
    if (error) return form.setError('name', { type: 'manual', message: error }, { shouldFocus: true });
    onSave(name.trim(), (refusal) => showServerFieldErrors(refusal, form.setError, { name: label }));
  });
  return (
    <form className={rulesStyles.nameForm} noValidate onSubmit={submit}>
      <TextField label={label} autoComplete="off" autoFocus maxLength={PROFILE_NAME_MAX + 10} error={form.formState.errors.name?.message} {...form.register('name')} />
      <div className={rulesStyles.row}>
        <button type="submit" className={cx(buttonStyles.button, buttonStyles.buttonPrimary)}>
          {submitLabel}
        </button>
        <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

interface ProfilesBarProps {
  profiles: readonly PricingProfile[];
  current: PricingProfile;
  /** The rules as typed, if valid (a new profile copies them), else the saved ones'. */
  copyOfCurrent: () => Omit<PricingProfileInput, 'name'>;
  onSwitch: (profileId: number) => void;
  /** Whether the form holds changes a switch would drop. */
  isDirty: boolean;
}

/** The bar's calls: create (a copy of the current), rename, make default, delete; each says how it went. */
function useProfileActions({ profiles, current, copyOfCurrent, onSwitch }: Omit<ProfilesBarProps, 'isDirty'>, close: () => void) {
  const save = useSavePricingProfile();
  const remove = useDeletePricingProfile();
  const failed = () => notify.error(profileToasts.failed);
  const refused = (onRefused: (error: unknown) => void) => (error: unknown) => {
    failed();
    onRefused(error);
  };
  return {
    isPending: save.isPending || remove.isPending,
    create: (name: string, onRefused: (error: unknown) => void) =>
      save.mutate(
        { id: null, body: { ...copyOfCurrent(), name, is_default: false } },
        {
          onSuccess: (created) => {
            notify.success(profileToasts.created(created.name, current.name));
            close();
            onSwitch(created.id);
          },
          onError: refused(onRefused),
        },
      ),
    rename: (name: string, onRefused: (error: unknown) => void) =>
      save.mutate(
        { id: current.id, body: profileBody(current, { name }) },
        {
          onSuccess: (saved) => {
            notify.success(profileToasts.renamed(saved.name));
            close();
          },
          onError: refused(onRefused),
        },
      ),
    makeDefault: () =>
      save.mutate({ id: current.id, body: profileBody(current, { is_default: true }) }, { onSuccess: (saved) => notify.success(profileToasts.madeDefault(saved.name)), onError: failed }),
    deleteCurrent: () =>
      remove.mutate(current.id, {
        onSuccess: () => {
          notify.success(profileToasts.deleted(current.name));
          close();
          const fallback = profiles.find((profile) => profile.is_default && profile.id !== current.id) ?? profiles.find((profile) => profile.id !== current.id);
          if (fallback) onSwitch(fallback.id);
        },
        onError: failed,
      }),
  };
}

/** The question before a profile is deleted. */
function DeleteConfirm({ name, isPending, onDelete, onKeep }: { name: string; isPending: boolean; onDelete: () => void; onKeep: () => void }) {
  return (
    <div className={rulesStyles.confirm} role="alertdialog" aria-label={`Delete ${name}?`}>
      <p>Delete the profile “{name}”? Its markups are gone for good.</p>
      <div className={rulesStyles.row}>
        <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonPrimary)} autoFocus disabled={isPending} onClick={onDelete}>
          Delete {name}
        </button>
        <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={onKeep}>
          Keep it
        </button>
      </div>
    </div>
  );
}

/** The profile being edited, as a choice among all of them. */
function ProfileSwitch({ id, profiles, current, isDirty, onSwitch }: { id: string; profiles: readonly PricingProfile[]; current: PricingProfile; isDirty: boolean; onSwitch: (id: number) => void }) {
  return (
    <div className={cx(fieldStyles.field, rulesStyles.profilesSelect)}>
      <label className={fieldStyles.fieldLabel} htmlFor={id}>
        Profile you are editing
      </label>
      <select id={id} className={fieldStyles.fieldInput} value={current.id} aria-describedby={isDirty ? `${id}-dirty` : undefined} onChange={(event) => onSwitch(Number(event.target.value))}>
        {profiles.map((profile) => (
          <option key={profile.id} value={profile.id}>
            {profileChoiceLabel(profile)}
          </option>
        ))}
      </select>
      {isDirty ? (
        <p className={fieldStyles.fieldHint} id={`${id}-dirty`}>
          Switching drops the changes you have not saved.
        </p>
      ) : null}
    </div>
  );
}

/**
 * The user's pricing profiles (product §3.7a): switch between them, make one the default, create
 * one as a copy of the current, rename it, or delete it (not the default, nor the last).
 */
export function ProfilesBar(props: ProfilesBarProps) {
  const { profiles, current, onSwitch, isDirty } = props;
  const selectId = useId();
  const [open, setOpen] = useState<'new' | 'rename' | 'delete' | null>(null);
  const actions = useProfileActions(props, () => setOpen(null));
  const deleteBlocked = profiles.length === 1 ? profileMessages.lastProfile : current.is_default ? profileMessages.defaultProfile : null;
  const outline = cx(buttonStyles.button, buttonStyles.buttonOutline);
  return (
    <section className={rulesStyles.profiles} aria-labelledby={`${selectId}-heading`}>
      <h2 className={rulesStyles.profilesTitle} id={`${selectId}-heading`}>
        Pricing profiles
      </h2>
      <div className={rulesStyles.profilesRow}>
        <ProfileSwitch id={selectId} profiles={profiles} current={current} isDirty={isDirty} onSwitch={(id) => (setOpen(null), onSwitch(id))} />
        <div className={rulesStyles.row}>
          <button type="button" className={outline} onClick={() => setOpen('new')}>
            New profile
          </button>
          <button type="button" className={outline} onClick={() => setOpen('rename')}>
            Rename
          </button>
          <button type="button" className={outline} disabled={current.is_default || actions.isPending} onClick={actions.makeDefault}>
            {current.is_default ? 'Default profile' : 'Make default'}
          </button>
          <button
            type="button"
            className={cx(buttonStyles.button, buttonStyles.buttonOutline)}
            aria-disabled={deleteBlocked ? true : undefined}
            aria-describedby={deleteBlocked ? `${selectId}-delete` : undefined}
            onClick={() => (deleteBlocked ? undefined : setOpen('delete'))}
          >
            Delete
          </button>
        </div>
      </div>
      {deleteBlocked ? (
        <p className={rulesStyles.help} id={`${selectId}-delete`}>
          {deleteBlocked}
        </p>
      ) : null}
      {open === 'delete' && !deleteBlocked ? <DeleteConfirm name={current.name} isPending={actions.isPending} onDelete={actions.deleteCurrent} onKeep={() => setOpen(null)} /> : null}
      {open === 'new' ? (
        <NameForm label="Name of the new profile" submitLabel="Create profile" initial="" profiles={profiles} ownId={null} onSave={actions.create} onCancel={() => setOpen(null)} />
      ) : null}
      {open === 'rename' ? (
        <NameForm key={current.id} label="New name" submitLabel="Rename profile" initial={current.name} profiles={profiles} ownId={current.id} onSave={actions.rename} onCancel={() => setOpen(null)} />
      ) : null}
    </section>
  );
}
