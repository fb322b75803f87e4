import type { Migration } from 'kysely';
import * as accounts from './0001-accounts.ts';
import * as catalog from './0002-catalog.ts';
import * as billingReady from './0003-billing-ready.ts';
import * as jobs from './0004-jobs.ts';
import * as hardening from './0005-hardening.ts';
import * as onboarding from './0006-onboarding.ts';
import * as payments from './0007-payments.ts';
import * as sync from './0008-sync.ts';
import * as accountArea from './0009-account-area.ts';
import * as profileAndGuide from './0010-profile-and-guide.ts';
import * as content from './0011-content.ts';
import * as operatorAudit from './0012-operator-audit.ts';
import * as drawWinners from './0013-draw-winners.ts';
import * as categoryImages from './0015-category-images.ts';
import * as editionsAndMailings from './0014-editions-and-mailings.ts';
import * as previewViews from './0016-preview-views.ts';
import * as pendingEmail from './0017-pending-email.ts';
import * as editionUploadParts from './0019-edition-upload-parts.ts';
import * as uploadedFiles from './0022-uploaded-files.ts';
import * as namesThatSayWhatTheyMean from './0023-names-that-say-what-they-mean.ts';
import * as pricingProfiles from './0024-pricing-profiles.ts';
import * as syncPreviews from './0025-sync-previews.ts';
import * as automaticSyncs from './0026-automatic-syncs.ts';
import * as heldBackItems from './0027-held-back-items.ts';

/**
 * Every migration, in order. Imported statically so the bundled server carries them; a new
 * migration is a new file here, never an edit of one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-catalog': catalog,
  '0003-billing-ready': billingReady,
  '0004-jobs': jobs,
  '0005-hardening': hardening,
  '0006-onboarding': onboarding,
  '0007-payments': payments,
  '0008-sync': sync,
  '0009-account-area': accountArea,
  '0010-profile-and-guide': profileAndGuide,
  '0011-content': content,
  '0012-operator-audit': operatorAudit,
  '0013-draw-winners': drawWinners,
  '0015-category-images': categoryImages,
  '0014-editions-and-mailings': editionsAndMailings,
  '0016-preview-views': previewViews,
  '0017-pending-email': pendingEmail,
  '0019-edition-upload-parts': editionUploadParts,
  '0022-uploaded-files': uploadedFiles,
  '0023-names-that-say-what-they-mean': namesThatSayWhatTheyMean,
  '0024-pricing-profiles': pricingProfiles,
  '0025-sync-previews': syncPreviews,
  '0026-automatic-syncs': automaticSyncs,
  '0027-held-back-items': heldBackItems,
};
