import type { api } from '@tradelist/contract/api';
import type { CallInput } from '@tradelist/contract/endpoint';
import { callApiForFile } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { saveBlob } from '../../../lib/save-blob';
import {
  classifyDownloadResponse,
  defaultFileName,
  downloadMessages,
  errorMessagesFromJson,
  fileNameFromContentDisposition,
} from './download-response';

/** The calls whose answer is a price-list file. */
type DownloadEndpoint = typeof api.catalog.downloadEdition | typeof api.catalog.downloadBoughtEdition;
/** A download's toast replaces the one of the download before (a success clears an earlier refusal). */
const downloadToasts = { form: 'download' } as const;

/** How a download ended; the user has already been told by toast. */
export type DownloadOutcome = { ok: true; fileName: string } | { ok: false };

/**
 * The one download helper (product §8): POSTs `input.body` to a download call with the API client's
 * headers, saves a CSV or .xlsx answer under the server's file name, and shows every other
 * answer as the product §8 toasts.
 */
export async function downloadFile<E extends DownloadEndpoint>(endpoint: E, input: CallInput<E>): Promise<DownloadOutcome> {
  let response: Response;
  let blob: Blob;
  try {
    response = await callApiForFile(endpoint, input);
    blob = await response.blob();
  } catch {
    notify.error(downloadMessages.network, downloadToasts);
    return { ok: false };
  }

  const kind = classifyDownloadResponse(response.headers.get('Content-Type'), blob.size);
  switch (kind.kind) {
    case 'file': {
      const fileName =
        fileNameFromContentDisposition(response.headers.get('Content-Disposition')) ?? defaultFileName(kind.format);
      saveBlob(blob, fileName);
      notify.success(downloadMessages.success, downloadToasts);
      return { ok: true, fileName };
    }
    case 'json': {
      const messages = errorMessagesFromJson(await blob.text().catch(() => ''));
      notify.error(messages ?? downloadMessages.unparsableError, downloadToasts);
      return { ok: false };
    }
    case 'empty':
      notify.error(downloadMessages.notSubscribed, downloadToasts);
      return { ok: false };
    case 'unknown':
      notify.error(downloadMessages.unknownFormat, downloadToasts);
      return { ok: false };
  }
}
