import { readStorage, storageKeys } from '../../lib/local-storage.ts';

/** The Ace themes the Settings screen offers (SPEC §2), by their Ace names. */
const themes = ['merbivore_soft', 'dracula', 'xcode', 'dawn'] as const;
export type AceTheme = (typeof themes)[number];

/**
 * The editor theme chosen in Settings, read from the same storage key; without a choice, SPEC §9's
 * default for the site theme (dawn for light, merbivore_soft for dark).
 */
export const readAceTheme = (siteTheme: 'dark' | 'light'): AceTheme =>
  themes.find((theme) => theme === readStorage(storageKeys.editorTheme)) ??
  (siteTheme === 'light' ? 'dawn' : 'merbivore_soft');
