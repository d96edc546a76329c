import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { readStorage, storageKeys, writeStorage } from './local-storage.ts';

export type SiteTheme = 'dark' | 'light';

/** product.md#constants: the site is dark unless 'light' is stored under data-theme-version. */
export const DEFAULT_SITE_THEME: SiteTheme = 'dark';

const parseSiteTheme = (value: string | null | undefined): SiteTheme | undefined =>
  value === 'dark' || value === 'light' ? value : undefined;

/**
 * Mantine's colour-scheme storage, on the key product.md#what-is-stored fixes. public/theme-init.js applies the same
 * value before the first paint; this keeps it in step afterwards (and across tabs).
 */
export const siteThemeManager = (): MantineColorSchemeManager => {
  let onStorage: ((event: StorageEvent) => void) | undefined;
  return {
    get: (defaultValue) => parseSiteTheme(readStorage(storageKeys.theme)) ?? defaultValue,
    set: (value: MantineColorScheme) => {
      const theme = parseSiteTheme(value);
      if (theme) writeStorage(storageKeys.theme, theme);
    },
    subscribe: (onUpdate) => {
      onStorage = (event) => {
        const theme = event.key === storageKeys.theme ? parseSiteTheme(event.newValue) : undefined;
        if (theme) onUpdate(theme);
      };
      window.addEventListener('storage', onStorage);
    },
    unsubscribe: () => {
      if (onStorage) window.removeEventListener('storage', onStorage);
    },
    clear: () => writeStorage(storageKeys.theme, DEFAULT_SITE_THEME),
  };
};
