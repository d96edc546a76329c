import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

/** product.md#constants: toasts stay 5000 ms, and 1000 ms more after the pointer leaves them. */
export const TOAST_TIMEOUT_MS = 5000;
const TOAST_EXTENDED_TIMEOUT_MS = 1000;
/** product.md#constants: the ease time of the toast transition. */
export const TOAST_EASE_MS = 300;

type ToastKind = 'success' | 'error' | 'warning' | 'info';

const colors: Record<ToastKind, string> = {
  success: 'teal',
  error: 'red',
  warning: 'yellow',
  info: 'brand',
};

export type ToastOptions = {
  kind: ToastKind;
  title: string;
  message: ReactNode;
  timeoutMs?: number;
  /** 0: the toast closes at its time-out even if the pointer rested on it. */
  extendedTimeoutMs?: number;
  fullWidth?: boolean;
};

/**
 * Shows a toast with the ngx-toastr timing product.md#constants describes: Mantine's own auto-close restarts
 * the full time-out after a hover, so the timers are kept here instead.
 */
export const showToast = (options: ToastOptions): string => {
  const id = `toast-${Math.random().toString(36).slice(2)}`;
  const extended = options.extendedTimeoutMs ?? TOAST_EXTENDED_TIMEOUT_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const closeIn = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => notifications.hide(id), ms);
  };
  notifications.show({
    id,
    title: options.title,
    message: options.message,
    color: colors[options.kind],
    autoClose: false,
    withBorder: true,
    closeButtonProps: { 'aria-label': 'Close notification' },
    role: options.kind === 'error' ? 'alert' : 'status',
    position: options.fullWidth ? 'top-center' : undefined,
    onMouseEnter: () => clearTimeout(timer),
    onMouseLeave: () => closeIn(extended > 0 ? extended : 1),
    onClose: () => clearTimeout(timer),
  });
  closeIn(options.timeoutMs ?? TOAST_TIMEOUT_MS);
  return id;
};

/** Closes a toast before its time, e.g. one whose news is out of date. */
export const hideToast = (id: string) => notifications.hide(id);

export const showError = (title: string, message: ReactNode) =>
  showToast({ kind: 'error', title, message });

export const showSuccess = (title: string, message: ReactNode) =>
  showToast({ kind: 'success', title, message });
