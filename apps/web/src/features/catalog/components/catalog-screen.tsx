import { ALL_CATEGORY_ID, FREE_CATEGORY_ID, type Category, type DownloadFormat } from '@tradelist/contract/catalog';
import { storageKeys } from '@tradelist/contract/local-storage';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { dashboardIntents, hasIntent, readContinueSync } from '../../../lib/dashboard-intents';
import { useStoredValue } from '../../../lib/stored-session';
import { CatalogSyncDialogs, useCatalogSync, type CatalogSync } from '../../sync';
import { ProfileSelect } from '../../pricing-profiles';
import { useCategories } from '../api/get-categories';
import { useLatestCollection, type CatalogCategoryId } from '../api/get-latest-collection';
import { useCollectionDownload, type DownloadTarget } from '../hooks/use-collection-download';
import { parseCategoryId } from '../utils/category-id';
import { CategoryNav } from './category-nav';
import { CollectionSection } from './collection-section';
import { DownloadAllowanceNote } from './download-allowance-note';
import { DownloadDialog } from './download-dialog';
import { PriceIndexPanel } from './price-index-panel';
import catalogStyles from './catalog.module.css';

/** What every view passes down to its sections. */
interface ViewProps {
  isSubscriber: boolean;
  downloadingFormat: (target: DownloadTarget) => DownloadFormat | null;
  preferredFormat: DownloadFormat;
  onDownload: (target: DownloadTarget, format: DownloadFormat) => void;
  sync: CatalogSync;
  /** Opened to download (after a payment or a save of the markups): the first list the user may download is scrolled into view. */
  revealDownloads: boolean;
}

/** product §2 catalog screen: the category nav, the selected view, and the download and sync dialogs. */
export function CatalogScreen() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const categories = useCategories();
  // product §4: a stored status of 'true' makes a subscriber.
  const isSubscriber = useStoredValue(storageKeys.status) === 'true';
  const download = useCollectionDownload();
  // Back from connecting a service: the sync asked for goes on; the state is then dropped so a reload does not ask again.
  const continueSync = useMemo(() => readContinueSync(location.state), [location.state]);
  const sync = useCatalogSync(
    continueSync,
    useCallback(() => void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null }), [navigate, location.pathname, location.search]),
  );

  const selected: CatalogCategoryId = parseCategoryId(searchParams.get('category')) ?? ALL_CATEGORY_ID;
  const selectedCategory =
    typeof selected === 'number' ? categories.data?.find((category) => category.id === selected) : undefined;
  const viewProps: ViewProps = {
    isSubscriber,
    downloadingFormat: download.downloadingFormat,
    preferredFormat: download.preferredFormat,
    onDownload: download.openDialog,
    sync,
    revealDownloads: hasIntent(location.state, 'revealDownloads'),
  };
  // Every view's answer carries the allowance; this is the same query the view runs.
  const allowance = useLatestCollection(selected).data?.downloads;

  return (
    <div className={catalogStyles.catalog}>
      <CategoryNav categories={categories.data ?? []} selected={selected} />
      <DownloadAllowanceNote downloads={allowance} />
      {selected === ALL_CATEGORY_ID ? (
        <AllView {...viewProps} />
      ) : selected === FREE_CATEGORY_ID ? (
        <FreeView {...viewProps} />
      ) : (
        <CategoryView key={selected} categoryId={selected} category={selectedCategory} {...viewProps} />
      )}
      <DownloadDialog
        collectionName={download.dialogTarget?.collection.name ?? null}
        initialChoice={download.dialogChoice}
        withProfile={download.dialogTarget?.source === 'latest'}
        onClose={download.closeDialog}
        onCancel={() => {
          download.closeDialog();
          // The markups saved, the screen comes back here to download.
          void navigate(paths.dashboardUserfactor, { state: dashboardIntents.downloadAfterSave });
        }}
        onConfirm={(choice, profileId) => {
          const target = download.dialogTarget;
          download.closeDialog();
          if (target) download.start(target, choice, profileId);
        }}
      />
      <CatalogSyncDialogs sync={sync} profileField={(field) => <ProfileSelect value={field.value} onChange={field.onChange} hint="Its markups price the items you sync." />} />
    </div>
  );
}

/** 'All': the current edition of every paid category, then of every free one. */
function AllView({ revealDownloads, ...props }: ViewProps) {
  const paid = useLatestCollection(ALL_CATEGORY_ID);
  const free = useLatestCollection(FREE_CATEGORY_ID);
  // The paid list a subscriber paid for comes first; otherwise the free one, once the paid are known.
  const paidDownloads = props.isSubscriber && (paid.data?.latest_collection.length ?? 0) > 0;
  return (
    <>
      <CollectionSection
        title="All Collections"
        collections={paid.data?.latest_collection}
        isLoading={paid.isPending}
        isError={paid.isError}
        onRetry={() => void paid.refetch()}
        emptyText="No paid collections have been published yet."
        source="latest"
        downloadCategoryId="none"
        showCategory
        revealDownloads={revealDownloads && paidDownloads}
        {...props}
      />
      <CollectionSection
        title="Free Collections"
        collections={free.data?.latest_collection}
        isLoading={free.isPending}
        isError={free.isError}
        onRetry={() => void free.refetch()}
        emptyText="No free collections have been published yet."
        source="latest"
        downloadCategoryId="none"
        showCategory
        revealDownloads={revealDownloads && !paid.isPending && !paidDownloads}
        {...props}
      />
    </>
  );
}

/** 'Free': the current edition of every free category. */
function FreeView(props: ViewProps) {
  const free = useLatestCollection(FREE_CATEGORY_ID);
  return (
    <CollectionSection
      title="Current Editions"
      collections={free.data?.latest_collection}
      isLoading={free.isPending}
      isError={free.isError}
      onRetry={() => void free.refetch()}
      emptyText="No free collections have been published yet."
      source="latest"
      downloadCategoryId="none"
      showCategory
      {...props}
    />
  );
}

/** One category: its tagline, its current edition and the older editions the user bought. */
function CategoryView({ categoryId, category, revealDownloads, ...props }: ViewProps & { categoryId: number; category: Category | undefined }) {
  const latest = useLatestCollection(categoryId);
  const common = {
    isLoading: latest.isPending,
    isError: latest.isError,
    onRetry: () => void latest.refetch(),
    downloadCategoryId: categoryId,
    ...props,
  };
  return (
    <>
      {category?.tagline ? (
        <div className={catalogStyles.catalogBanner}>
          <p className={catalogStyles.catalogBannerName}>{category.name}</p>
          <p >{category.tagline}</p>
        </div>
      ) : null}
      <CollectionSection
        title="Current Editions"
        collections={latest.data?.latest_collection}
        emptyText="No edition of this list has been published yet."
        source="latest"
        revealDownloads={revealDownloads}
        {...common}
      />
      {/* Only a list the user may download has an index to show (the server refuses the others). */}
      <PriceIndexPanel categoryId={categoryId} enabled={category !== undefined && !category.is_announced && (category.is_free || props.isSubscriber)} />
      <CollectionSection
        title="Previously Purchased"
        collections={latest.data?.bought_collections}
        emptyText="Earlier editions you are entitled to will be listed here once a newer edition comes out."
        source="bought"
        {...common}
      />
    </>
  );
}
