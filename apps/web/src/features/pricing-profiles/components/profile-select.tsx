import type { PricingProfile } from '@tradelist/contract/pricing-profiles';
import { useId } from 'react';
import fieldStyles from '../../../components/ui/field.module.css';
import { usePricingProfiles } from '../api/pricing-profiles';

/** A profile's name as a choice says it: "Residential (default)". */
export function profileChoiceLabel(profile: Pick<PricingProfile, 'name' | 'is_default'>): string {
  return profile.is_default ? `${profile.name} (default)` : profile.name;
}

interface ProfileSelectProps {
  /** The chosen profile's id; null picks the default. */
  value: number | null;
  onChange: (profileId: number) => void;
  label?: string;
  hint?: string;
  disabled?: boolean;
}

/**
 * The choice of the pricing profile that prices a file or a sync (product §3.7a): the user's
 * profiles, the default preselected. While they load, or when there is one, it still shows which
 * profile will be used.
 */
export function ProfileSelect({ value, onChange, label = 'Pricing profile', hint, disabled }: ProfileSelectProps) {
  const id = useId();
  const profiles = usePricingProfiles({ enabled: true });
  const list = profiles.data ?? [];
  const chosen = list.find((profile) => profile.id === value) ?? list.find((profile) => profile.is_default) ?? list[0];
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.fieldLabel} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={fieldStyles.fieldInput}
        value={chosen?.id ?? ''}
        disabled={disabled || list.length === 0}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {list.length === 0 ? <option value="">{profiles.isPending ? 'Loading your profiles…' : 'Your default profile'}</option> : null}
        {list.map((profile) => (
          <option key={profile.id} value={profile.id}>
            {profileChoiceLabel(profile)}
          </option>
        ))}
      </select>
      {hint ? (
        <p className={fieldStyles.fieldHint} id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
