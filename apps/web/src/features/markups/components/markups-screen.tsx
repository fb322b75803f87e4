import { storageKeys } from '@tradelist/contract/local-storage';
import { useSearchParams } from 'react-router';
import { useStoredValue } from '../../../lib/stored-session';
import { useUserFactor } from '../api/get-user-factor';
import { MarkupForm, useMarkupForm } from './markup-form';
import { previewSearchParams } from '../utils/preview-link';
import { MarkupPreview } from './markup-preview';
// The preview's stylesheet is plain CSS (not a module), loaded here with the screen.
import markupsStyles from './markups.module.css';

/** product §2 markup configuration: the form, and beside it (below on phones) the live price preview. */
export function MarkupsScreen() {
  // product §5: the configuration is the stored email's; without one nothing is loaded.
  const hasEmail = Boolean(useStoredValue(storageKeys.email));
  const saved = useUserFactor({ enabled: hasEmail });
  const form = useMarkupForm(saved.data);
  // The catalog's "See what changed" opens the preview on that edition's changes.
  const [searchParams] = useSearchParams();
  const named = Number(searchParams.get(previewSearchParams.collection));
  const collectionId = Number.isSafeInteger(named) && named > 0 ? named : null;
  return (
    <div className={markupsStyles.markupsContainer}>
      <div className={markupsStyles.markups}>
        <MarkupForm form={form} isLoading={hasEmail && saved.isPending} />
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
