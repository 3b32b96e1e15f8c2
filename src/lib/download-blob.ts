/** Saves a fetched file through the browser's own download, under its name. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the address can go.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
