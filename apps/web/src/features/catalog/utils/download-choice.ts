import { downloadFormats, downloadLayouts, type DownloadFormat, type DownloadLayout } from '@tradelist/contract/catalog';
import { preferenceStorageKeys } from '@tradelist/contract/local-storage';
import type { KeyValueStorage } from '../../../lib/session-storage';

/** The file the user asks for in the download modal (product §2.7, §10.2, §10.16). */
export interface DownloadChoice {
  format: DownloadFormat;
  layout: DownloadLayout;
}

export const defaultDownloadChoice: DownloadChoice = { format: 'csv', layout: 'price-list' };

const isFormat = (value: string | null): value is DownloadFormat => downloadFormats.some((format) => format === value);
const isLayout = (value: string | null): value is DownloadLayout => downloadLayouts.some((layout) => layout === value);

/** The remembered choice, from the two stored values; a missing or unknown one is the default's. */
export function parseDownloadChoice(stored: { format: string | null; layout: string | null }): DownloadChoice {
  return {
    format: isFormat(stored.format) ? stored.format : defaultDownloadChoice.format,
    layout: isLayout(stored.layout) ? stored.layout : defaultDownloadChoice.layout,
  };
}

/** Remembers a confirmed choice, so the modal preselects it next time. */
export function writeDownloadChoice(storage: KeyValueStorage, choice: DownloadChoice): void {
  storage.setItem(preferenceStorageKeys.downloadFormat, choice.format);
  storage.setItem(preferenceStorageKeys.downloadLayout, choice.layout);
}

/**
 * What the modal starts from when a card's `Download CSV` or `Download Excel` opens it: that
 * button's format, and the layout chosen last time.
 */
export function initialDownloadChoice(remembered: DownloadChoice, format: DownloadFormat): DownloadChoice {
  return { format, layout: remembered.layout };
}
