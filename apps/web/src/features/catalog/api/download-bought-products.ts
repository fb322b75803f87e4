import type { DownloadBoughtProductsRequest } from '@tradelist/contract/catalog';
import { useMutation } from '@tanstack/react-query';
import { api } from '@tradelist/contract/api';
import { downloadFile, type DownloadOutcome } from '../utils/download-file';

/** POST /api/download-bought-products/: an older, bought edition as a file (toasts included). */
export function downloadBoughtProducts(data: DownloadBoughtProductsRequest): Promise<DownloadOutcome> {
  return downloadFile(api.catalog.downloadBoughtEdition, { body: data });
}

/** Mutation hook behind 'Download CSV' on a previously purchased edition. */
export function useDownloadBoughtProducts() {
  return useMutation({ mutationFn: downloadBoughtProducts });
}
