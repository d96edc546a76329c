/**
 * Props for a Mantine menu whose opening puts the focus on its first item, so Enter then
 * ArrowDown walk the items. Mantine 8's focus trap would focus a hidden element of its own
 * instead (a `data-autofocus` on an item does not change that), which a keyboard user cannot see.
 */
export const firstItemFocused = {
  trapFocus: false,
  onOpen: () =>
    setTimeout(() =>
      document
        .querySelector<HTMLElement>('.mantine-Menu-dropdown [role="menuitem"]:not([disabled])')
        ?.focus(),
    ),
} as const;
