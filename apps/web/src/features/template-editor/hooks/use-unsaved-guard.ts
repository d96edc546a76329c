import { modals } from '@mantine/modals';
import { useCallback, useEffect } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';

/**
 * Navigation state for the moves that may leave with unsaved work: a rename keeps the editor and
 * its work, and deleting the template was just confirmed.
 */
export const PASSES_UNSAVED_GUARD = { passesUnsavedGuard: true } as const;

const passes = (state: unknown) =>
  typeof state === 'object' && state !== null && 'passesUnsavedGuard' in state;

/** Asks before unsaved work is thrown away; resolves true when the user lets it go. */
export const confirmDiscard = (message: string, confirm: string): Promise<boolean> =>
  new Promise((resolve) => {
    let isAnswered = false;
    const answer = (isConfirmed: boolean) => {
      if (isAnswered) return;
      isAnswered = true;
      resolve(isConfirmed);
    };
    modals.openConfirmModal({
      title: 'Unsaved changes',
      centered: true,
      children: message,
      labels: { confirm, cancel: 'Keep editing' },
      confirmProps: { color: 'red.8' }, // red.6 and red.7 are under 4.5:1 with white text
      onConfirm: () => answer(true),
      onCancel: () => answer(false),
      onClose: () => answer(false),
    });
  });

/**
 * Unsaved edits are never lost silently: the browser asks before a reload or closing the tab
 * (`beforeunload`), and the app asks before going to another screen.
 */
export const useUnsavedGuard = (isDirty: () => boolean) => {
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!isDirty()) return;
      event.preventDefault();
      // Older Chromium versions still need returnValue set to show their dialog.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname &&
      !passes(nextLocation.state) &&
      isDirty(),
    [isDirty],
  );
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmDiscard(
      'You have changes that are not saved. Leave this template without saving them?',
      'Leave without saving',
    ).then((isLeaving) => (isLeaving ? blocker.proceed() : blocker.reset()));
  }, [blocker]);
};
