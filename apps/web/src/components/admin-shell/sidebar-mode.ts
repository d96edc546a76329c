/** product.md#constants: the sidebar breakpoints. */
export const SIDEBAR_MINI_BELOW_PX = 1200;
export const SIDEBAR_OVERLAY_AT_MOST_PX = 768;

export type SidebarStyle = 'full' | 'mini';
export type SidebarMode = SidebarStyle | 'overlay';

export const parseSidebarStyle = (value: string | undefined): SidebarStyle | undefined =>
  value === 'full' || value === 'mini' ? value : undefined;

/**
 * product.md#screens-and-routes: 768 px or less is an overlay, under 1200 px is mini, otherwise the stored preference
 * (full when none is stored).
 */
export const sidebarMode = (
  viewportWidthPx: number,
  stored: SidebarStyle | undefined,
): SidebarMode => {
  if (viewportWidthPx <= SIDEBAR_OVERLAY_AT_MOST_PX) return 'overlay';
  if (viewportWidthPx < SIDEBAR_MINI_BELOW_PX) return 'mini';
  return stored ?? 'full';
};
