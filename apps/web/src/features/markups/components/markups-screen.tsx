import { storageKeys } from '@tradelist/contract/local-storage';
import { useStoredValue } from '../../../lib/stored-session';
import { useUserFactor } from '../api/get-user-factor';
import { MarkupForm, useMarkupForm } from './markup-form';
import { MarkupPreview } from './markup-preview';
// The preview's stylesheet is plain CSS (not a module), loaded here with the screen.
import markupsStyles from './markups.module.css';

/** product §2 markup configuration: the form, and beside it (below on phones) the live price preview. */
export function MarkupsScreen() {
  // product §5: the configuration is the stored email's; without one nothing is loaded.
  const hasEmail = Boolean(useStoredValue(storageKeys.email));
  const saved = useUserFactor({ enabled: hasEmail });
  const form = useMarkupForm(saved.data);
  return (
    <div className={markupsStyles.markupsContainer}>
      <div className={markupsStyles.markups}>
        <MarkupForm form={form} isLoading={hasEmail && saved.isPending} />
        <MarkupPreview form={form} enabled={hasEmail} />
      </div>
    </div>
  );
}
