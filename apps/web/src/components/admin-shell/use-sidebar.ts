import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { readStorage, storageKeys, writeStorage } from '../../lib/local-storage.ts';
import {
  parseSidebarStyle,
  SIDEBAR_MINI_BELOW_PX,
  SIDEBAR_OVERLAY_AT_MOST_PX,
  sidebarMode,
  type SidebarMode,
  type SidebarStyle,
} from './sidebar-mode.ts';

export type SidebarState = {
  mode: SidebarMode;
  /** Overlay: the drawer is open. Mini: expanded for now. Full: always true. */
  isOpen: boolean;
  toggle: () => void;
  close: () => void;
};

const widthFor = (isOverlay: boolean, isNarrow: boolean) => {
  if (isOverlay) return SIDEBAR_OVERLAY_AT_MOST_PX;
  if (isNarrow) return SIDEBAR_MINI_BELOW_PX - 1;
  return SIDEBAR_MINI_BELOW_PX;
};

/**
 * The sidebar's mode by viewport width (product.md#screens-and-routes) and its collapse toggle. On wide screens the
 * toggle changes the stored style; on narrower ones it opens the sidebar for now without storing.
 */
export const useSidebar = (): SidebarState => {
  const opts = { getInitialValueInEffect: false };
  const isOverlay = useMediaQuery(`(max-width: ${SIDEBAR_OVERLAY_AT_MOST_PX}px)`, false, opts);
  const isNarrow = useMediaQuery(`(max-width: ${SIDEBAR_MINI_BELOW_PX - 0.02}px)`, false, opts);
  const [stored, setStored] = useState<SidebarStyle | undefined>(() =>
    parseSidebarStyle(readStorage(storageKeys.sidebarStyle)),
  );
  const [isTemporarilyOpen, setTemporarilyOpen] = useState(false);
  const mode = sidebarMode(widthFor(isOverlay, isNarrow), stored);
  const isWide = mode !== 'overlay' && !isNarrow;

  const toggle = () => {
    if (!isWide) {
      setTemporarilyOpen((open) => !open);
      return;
    }
    const next: SidebarStyle = mode === 'full' ? 'mini' : 'full';
    writeStorage(storageKeys.sidebarStyle, next);
    setStored(next);
  };

  return {
    mode: isWide ? mode : mode === 'mini' && isTemporarilyOpen ? 'full' : mode,
    isOpen: mode === 'full' || isTemporarilyOpen,
    toggle,
    close: () => setTemporarilyOpen(false),
  };
};
