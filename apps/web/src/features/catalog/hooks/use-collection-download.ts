import type { Collection, DownloadFormat } from '@tradelist/contract/catalog';
import { preferenceStorageKeys } from '@tradelist/contract/local-storage';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { updateStoredValues, useStoredValue } from '../../../lib/stored-session';
import { useDownloadBoughtProducts } from '../api/download-bought-products';
import { useDownloadProducts } from '../api/download-products';
import { latestCollectionKeys } from '../api/get-latest-collection';
import { initialDownloadChoice, parseDownloadChoice, writeDownloadChoice, type DownloadChoice } from '../utils/download-choice';

/** A collection about to be downloaded, and which call serves it. */
export interface DownloadTarget {
  collection: Collection;
  /** 'latest' editions go through download-products, 'bought' ones through download-bought-products. */
  source: 'latest' | 'bought';
  /** The category shown (sent as the download's category), or 'none' in the All and Free views. */
  downloadCategoryId: number | 'none';
}

function targetKey(target: Pick<DownloadTarget, 'source'> & { collection: Pick<Collection, 'id'> }): string {
  return `${target.source}:${target.collection.id}`;
}

/**
 * The catalog screen's downloads: which collection the markup dialog is open for and with which
 * format (the card's button), the choice remembered from the last download (product §2.7), and
 * which collections are downloading right now, in which format.
 */
export function useCollectionDownload() {
  const queryClient = useQueryClient();
  const products = useDownloadProducts();
  const bought = useDownloadBoughtProducts();
  const [dialog, setDialog] = useState<{ target: DownloadTarget; format: DownloadFormat } | null>(null);
  const [busy, setBusy] = useState<ReadonlyMap<string, DownloadFormat>>(new Map());
  const storedFormat = useStoredValue(preferenceStorageKeys.downloadFormat);
  const storedLayout = useStoredValue(preferenceStorageKeys.downloadLayout);
  const remembered = useMemo(() => parseDownloadChoice({ format: storedFormat, layout: storedLayout }), [storedFormat, storedLayout]);
  const { mutateAsync: downloadLatest } = products;
  const { mutateAsync: downloadBought } = bought;

  const start = useCallback(
    (target: DownloadTarget, choice: DownloadChoice, profileId: number | null = null) => {
      const key = targetKey(target);
      updateStoredValues((storage) => writeDownloadChoice(storage, choice));
      setBusy((keys) => new Map(keys).set(key, choice.format));
      const request =
        target.source === 'bought'
          ? downloadBought({ collection_id: target.collection.id, ...choice })
          : downloadLatest({
              collection_id: target.collection.id,
              category_id: target.downloadCategoryId,
              ...choice,
              // Without a choice the default profile prices the file (product §3.7a).
              ...(profileId === null ? {} : { profile_id: profileId }),
            });
      // The helper reports every outcome by toast and does not throw; only the busy state is left,
      // and the downloads used this period, which the catalog's answers carry.
      void request.catch(() => undefined).finally(() => {
        setBusy((keys) => {
          const next = new Map(keys);
          next.delete(key);
          return next;
        });
        void queryClient.invalidateQueries({ queryKey: latestCollectionKeys.all });
      });
    },
    [downloadBought, downloadLatest, queryClient],
  );

  /** The format being downloaded for this collection, or null when it is not downloading. */
  const downloadingFormat = useCallback((target: DownloadTarget) => busy.get(targetKey(target)) ?? null, [busy]);

  return {
    dialogTarget: dialog?.target ?? null,
    /** The choice the modal opens with: the button's format and the remembered layout. */
    dialogChoice: initialDownloadChoice(remembered, dialog?.format ?? remembered.format),
    /** The format the user chose last: the card shows its button first. */
    preferredFormat: remembered.format,
    openDialog: useCallback((target: DownloadTarget, format: DownloadFormat) => setDialog({ target, format }), []),
    closeDialog: useCallback(() => setDialog(null), []),
    start,
    downloadingFormat,
  };
}
