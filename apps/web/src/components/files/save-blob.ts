/** Saves a file the app fetched, under a name, as the browser saves a download. */
export const saveBlob = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click starts the download at once; the URL is kept a little for slow browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};
