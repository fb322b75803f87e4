import { storageKeys } from '@tradelist/contract/local-storage';
import { profileFromRules, rulesFromProfile, type PricingProfile } from '@tradelist/contract/pricing-profiles';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { dashboardIntents, hasIntent } from '../../../lib/dashboard-intents';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { readStoredValue, useStoredValue } from '../../../lib/stored-session';
import { usePricingProfiles, useSavePricingProfile } from '../../pricing-profiles';
import { usePreviewFirstPage } from '../api/get-preview-products';
import { useUserFactor } from '../api/get-user-factor';
import { previewSearchParams } from '../utils/preview-link';
import { rulesDraftSchema, toRulesDraft } from '../utils/rules-draft';
import { MarkupPreview } from './markup-preview';
import { profileBody, ProfilesBar } from './profiles-bar';
import { QuickBooksTexts } from './quickbooks-texts';
import { RulesForm, useRulesForm, type RulesFormApi } from './rules-form';
import markupsStyles from './markups.module.css';

const markupToasts = { form: 'markups' } as const;

/** product §8 markup messages, spelled exactly. */
export const markupMessages = {
  saved: 'Your markups are saved! You are now ready to download your catalogs',
  saveFailed: 'Failed to update user factor',
  noEmail: 'No email found in local storage',
} as const;

/** Save replaces the profile's rules with the form's; a refusal shows under its inputs. */
function useRulesSave(form: RulesFormApi, current: PricingProfile | undefined) {
  const navigate = useNavigate();
  // Sent here on the way to a download (onboarding, a download or sync question's Cancel, the
  // payment's success screen): once saved, the catalog's downloads are next.
  const downloadAfterSave = hasIntent(useLocation().state, 'downloadAfterSave');
  const save = useSavePricingProfile({
    onSuccess() {
      notify.success(markupMessages.saved, markupToasts);
      if (downloadAfterSave) void navigate(paths.dashboardCatalog, { state: dashboardIntents.revealDownloads });
    },
    onError(error) {
      notify.error(markupMessages.saveFailed, markupToasts);
      showServerFieldErrors(error, form.setError, null);
    },
  });
  const submit = form.handleSubmit((rules) => {
    // product §5: the configuration belongs to the stored email; without one nothing is sent.
    if (!readStoredValue(storageKeys.email) || !current) {
      notify.error(markupMessages.noEmail, markupToasts);
      return;
    }
    save.mutate({ id: current.id, body: profileBody(current, profileFromRules(rules)) });
  });
  return { submit, isSaving: save.isPending };
}

/** The profile being edited: the one chosen, else the default. */
function useCurrentProfile(enabled: boolean) {
  const profiles = usePricingProfiles({ enabled });
  const [chosenId, setChosenId] = useState<number | null>(null);
  const list = useMemo(() => profiles.data ?? [], [profiles.data]);
  const defaultProfile = list.find((profile) => profile.is_default) ?? list[0];
  const current = list.find((profile) => profile.id === chosenId) ?? defaultProfile;
  const saved = useMemo(() => (current ? toRulesDraft(rulesFromProfile(current)) : undefined), [current]);
  return { profiles, list, defaultProfile, current, saved, setChosenId };
}

/**
 * The configuration screen (product §2.8, product §3.7a): the pricing profiles, the order in which
 * the rules apply, the chosen profile's band table, group markups, item rules, minimums, ending
 * and tax, the QuickBooks texts, and below them the live preview, priced as typed.
 */
export function MarkupsScreen() {
  // product §5: the configuration is the stored email's; without one nothing is loaded.
  const hasEmail = Boolean(useStoredValue(storageKeys.email));
  const factor = useUserFactor({ enabled: hasEmail });
  const { profiles, list, defaultProfile, current, saved, setChosenId } = useCurrentProfile(hasEmail);
  const form = useRulesForm(saved);
  const { submit, isSaving } = useRulesSave(form, current);
  // The catalog's "See what changed" opens the preview on that edition's changes.
  const [searchParams] = useSearchParams();
  const named = Number(searchParams.get(previewSearchParams.collection));
  const collectionId = Number.isSafeInteger(named) && named > 0 ? named : null;
  const whole = usePreviewFirstPage({ filter: { collectionId, search: '', changed: false }, enabled: hasEmail });
  const groups = useMemo(() => [...new Set((whole.data?.products ?? []).map((product) => product.group))].sort(), [whole.data]);
  const isLoading = hasEmail && profiles.isPending;
  const copyOfCurrent = () => {
    const typed = rulesDraftSchema.safeParse(form.getValues());
    return typed.success ? profileFromRules(typed.data) : profileBody(current!);
  };

  return (
    <div className={markupsStyles.markupsContainer}>
      <div className={markupsStyles.markups}>
        {current ? (
          <ProfilesBar profiles={list} current={current} copyOfCurrent={copyOfCurrent} onSwitch={setChosenId} isDirty={form.formState.isDirty} />
        ) : null}
        <RulesForm form={form} groups={groups} isLoading={isLoading} isSaving={isSaving} onSubmit={submit} profileName={current?.name ?? null} />
        <QuickBooksTexts saved={factor.data} defaultProfile={defaultProfile} isLoading={hasEmail && (factor.isPending || profiles.isPending)} />
        <MarkupPreview
          // A new edition or filter from the address starts the preview afresh.
          key={searchParams.toString()}
          form={form}
          enabled={hasEmail}
          collectionId={collectionId}
          initialChanged={searchParams.get(previewSearchParams.changed) === 'true'}
        />
      </div>
    </div>
  );
}
