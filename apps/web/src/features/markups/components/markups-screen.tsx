import { storageKeys } from '@tradelist/contract/local-storage';
import { useStoredValue } from '../../../lib/stored-session';
import { useUserFactor } from '../api/get-user-factor';
import { MarkupForm, useMarkupForm } from './markup-form';
import { MarkupPreview } from './markup-preview';

/** SPEC §2 markup configuration: the form, and beside it (below on phones) the live price preview. */
export function MarkupsScreen() {
  // SPEC §5: the configuration is the stored email's; without one nothing is loaded.
  const hasEmail = Boolean(useStoredValue(storageKeys.email));
  const saved = useUserFactor({ enabled: hasEmail });
  const form = useMarkupForm(saved.data);
  return (
    <div className="markups-container">
      <div className="markups">
        <MarkupForm form={form} isLoading={hasEmail && saved.isPending} />
        <MarkupPreview form={form} enabled={hasEmail} />
      </div>
    </div>
  );
}
