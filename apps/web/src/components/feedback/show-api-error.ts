import { errorMessage, isApiError } from '../../lib/api-error.ts';
import { showToast } from './toast.ts';

/** product.md#errors's generic handler: the server's message, with the error code as the subtitle. */
export const showApiError = (error: unknown): void => {
  showToast({
    kind: 'error',
    title: errorMessage(error),
    message: isApiError(error) ? `Error code: ${error.code}` : 'Error code: UNKNOWN',
  });
};
