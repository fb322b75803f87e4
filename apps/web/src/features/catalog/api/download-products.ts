import type { DownloadProductsRequest } from '@tradelist/contract/catalog';
import { useMutation } from '@tanstack/react-query';
import { api } from '@tradelist/contract/api';
import { downloadFile, type DownloadOutcome } from '../utils/download-file';

/** A download asked for: the wire's fields, with `category_id` for the category the edition is shown under (the wire's `catelog_id`). */
export interface ProductsDownload extends Omit<DownloadProductsRequest, 'catelog_id'> {
  category_id?: number | 'none';
}

/** POST /api/download-products/: the current edition as a file, with the user's markups (toasts included). */
export function downloadProducts({ category_id, ...data }: ProductsDownload): Promise<DownloadOutcome> {
  return downloadFile(api.catalog.downloadEdition, { body: { ...data, ...(category_id === undefined ? {} : { catelog_id: category_id }) } });
}

/** Mutation hook behind 'Download CSV' and 'Download Products CSV'. */
export function useDownloadProducts() {
  return useMutation({ mutationFn: downloadProducts });
}
