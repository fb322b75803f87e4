/** Long enough for the browser to have started writing the file before the URL is revoked. */
const revokeDelayMs = 30_000;

/** Hands a blob to the browser's download manager under `fileName`, through a temporary `<a download>`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), revokeDelayMs);
}
