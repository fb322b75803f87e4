import type { DownloadProductsRequest } from '@tradelist/contract/catalog';
import { useMutation } from '@tanstack/react-query';
import { api } from '@tradelist/contract/api';
import { downloadFile, type DownloadOutcome } from '../utils/download-file';

/** POST /api/download-products/: the current edition as a file, with the user's markups (toasts included). */
export function downloadProducts(data: DownloadProductsRequest): Promise<DownloadOutcome> {
  return downloadFile(api.catalog.downloadEdition, { body: data });
}

/** Mutation hook behind 'Download CSV' and 'Download Products CSV'. */
export function useDownloadProducts() {
  return useMutation({ mutationFn: downloadProducts });
}
