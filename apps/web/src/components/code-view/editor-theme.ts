import { readStorage, storageKeys, writeStorage } from '../../lib/local-storage.ts';

/** product.md#screens-and-routes Settings: the editor themes offered, by their Ace names. */
export const editorThemes = [
  { value: 'merbivore_soft', label: 'Merbivore Soft' },
  { value: 'dracula', label: 'Dracula' },
  { value: 'xcode', label: 'X Code' },
  { value: 'dawn', label: 'Dawn' },
] as const;

export type EditorTheme = (typeof editorThemes)[number]['value'];

export const parseEditorTheme = (value: string | null | undefined): EditorTheme | undefined =>
  editorThemes.find((theme) => theme.value === value)?.value;

/** product.md#constants: merbivore_soft by default, dawn for the light site theme. */
export const defaultEditorTheme = (siteTheme: 'dark' | 'light'): EditorTheme =>
  siteTheme === 'light' ? 'dawn' : 'merbivore_soft';

/** The choice made in Settings, else the default for the site theme. */
export const readEditorTheme = (siteTheme: 'dark' | 'light'): EditorTheme =>
  parseEditorTheme(readStorage(storageKeys.editorTheme)) ?? defaultEditorTheme(siteTheme);

export const storeEditorTheme = (theme: EditorTheme): void =>
  writeStorage(storageKeys.editorTheme, theme);
