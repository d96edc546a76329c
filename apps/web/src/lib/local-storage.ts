/**
 * The only door to window.localStorage. The keys are the ones product.md#what-is-stored fixes (token,
 * refreshToken, data-theme-version) plus the app's own preferences.
 */
export const storageKeys = {
  token: 'token',
  refreshToken: 'refreshToken',
  theme: 'data-theme-version',
  sidebarStyle: 'sidebar-style',
  editorTheme: 'editor-theme',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

/** The subset of the Storage interface the app uses; in memory where localStorage is missing. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const memoryStore = (): KeyValueStore => {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
};

/** Private browsing modes may throw on access; the app then keeps values for this page only. */
const browserStore = (): KeyValueStore => {
  try {
    const probe = '__platen__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    return memoryStore();
  }
};

let store: KeyValueStore | undefined;
const current = (): KeyValueStore => (store ??= browserStore());

export const readStorage = (key: StorageKey): string | undefined =>
  current().getItem(key) ?? undefined;

export const writeStorage = (key: StorageKey, value: string): void => current().setItem(key, value);

export const removeStorage = (key: StorageKey): void => current().removeItem(key);
