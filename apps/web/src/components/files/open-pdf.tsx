import { Anchor } from '@mantine/core';
import { isApiError } from '../../lib/api-error.ts';
import { showError, showToast } from '../feedback/toast.ts';

/** How long a generated PDF stays reachable by its blob: URL (the new tab has loaded it by then). */
const BLOB_URL_LIFETIME_MS = 10 * 60_000;

/**
 * Opens a generated PDF in a new tab. When the browser blocks the tab (the call took long and
 * the click no longer counts), a toast offers the link instead.
 */
export const openPdfInNewTab = (blob: Blob): void => {
  const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
  setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_LIFETIME_MS);
  const tab = window.open(url, '_blank');
  if (tab) return;
  showToast({
    kind: 'info',
    title: 'Your PDF is ready',
    message: (
      <Anchor href={url} target="_blank" rel="noopener">
        Open the PDF
      </Anchor>
    ),
  });
};

/** product.md#errors: the server's message, decoded from the failed file answer, else the fallback. */
const generationErrorMessage = (error: unknown): string =>
  isApiError(error) && !error.code.startsWith('HTTP_') && error.message
    ? error.message
    : 'An unknown error occurred.';

export const showGenerationError = (error: unknown): void => {
  showError('Error generating document', generationErrorMessage(error));
};
