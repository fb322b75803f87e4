import type { Collection, DownloadFormat, DownloadLayout } from '@tradelist/contract/catalog';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useDownloadBoughtProducts } from '../api/download-bought-products';
import { useDownloadProducts } from '../api/download-products';

/** A collection about to be downloaded, and which call serves it. */
export interface DownloadTarget {
  collection: Collection;
  /** 'latest' editions go through download-products, 'bought' ones through download-bought-products. */
  source: 'latest' | 'bought';
  /** The category shown (sent as the download's category), or 'none' in the All and Free views. */
  downloadCategoryId: number | 'none';
}

/** The file the user asked for in the markup dialog. */
export interface DownloadChoice {
  format: DownloadFormat;
  layout: DownloadLayout;
}

export const defaultDownloadChoice: DownloadChoice = { format: 'csv', layout: 'price-list' };

function targetKey(target: Pick<DownloadTarget, 'source'> & { collection: Pick<Collection, 'id'> }): string {
  return `${target.source}:${target.collection.id}`;
}

/**
 * The catalog screen's downloads: which collection the markup dialog is open for, the last
 * format and layout chosen, and which collections are downloading right now.
 */
export function useCollectionDownload() {
  const queryClient = useQueryClient();
  const products = useDownloadProducts();
  const bought = useDownloadBoughtProducts();
  const [dialogTarget, setDialogTarget] = useState<DownloadTarget | null>(null);
  const [lastChoice, setLastChoice] = useState<DownloadChoice>(defaultDownloadChoice);
  const [busyKeys, setBusyKeys] = useState<ReadonlySet<string>>(new Set());
  const { mutateAsync: downloadLatest } = products;
  const { mutateAsync: downloadBought } = bought;

  const start = useCallback(
    (target: DownloadTarget, choice: DownloadChoice) => {
      const key = targetKey(target);
      setLastChoice(choice);
      setBusyKeys((keys) => new Set(keys).add(key));
      const request =
        target.source === 'bought'
          ? downloadBought({ collection_id: target.collection.id, ...choice })
          : downloadLatest({ collection_id: target.collection.id, catelog_id: target.downloadCategoryId, ...choice });
      // The helper reports every outcome by toast and does not throw; only the busy state is left,
      // and the downloads used this period, which the catalog's answers carry.
      void request.catch(() => undefined).finally(() => {
        setBusyKeys((keys) => {
          const next = new Set(keys);
          next.delete(key);
          return next;
        });
        void queryClient.invalidateQueries({ queryKey: ['latest-collection'] });
      });
    },
    [downloadBought, downloadLatest, queryClient],
  );

  const isDownloading = useCallback((target: DownloadTarget) => busyKeys.has(targetKey(target)), [busyKeys]);

  return {
    dialogTarget,
    openDialog: setDialogTarget,
    closeDialog: useCallback(() => setDialogTarget(null), []),
    lastChoice,
    start,
    isDownloading,
  };
}
