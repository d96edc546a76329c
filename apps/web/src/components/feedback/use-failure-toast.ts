import { useCallback, useRef, type ReactNode } from 'react';
import { hideToast, showError } from './toast.ts';

/**
 * The error toast of one action, closed when the action is tried again or succeeds: by then it
 * is out of date, and would otherwise stand beside the news of the success (a wrong password
 * beside "Account deleted") or follow the user to the next screen.
 */
export const useFailureToast = () => {
  const shown = useRef<string | undefined>(undefined);
  const clear = useCallback(() => {
    if (shown.current) hideToast(shown.current);
    shown.current = undefined;
  }, []);
  const fail = useCallback(
    (title: string, message: ReactNode) => {
      clear();
      shown.current = showError(title, message);
    },
    [clear],
  );
  return { fail, clear };
};
