import { beforeEach, describe, expect, it } from 'vitest';
import { removeStorage, storageKeys } from '../../lib/local-storage.ts';
import { defaultEditorTheme, readEditorTheme, storeEditorTheme } from './editor-theme.ts';

describe('editor theme', () => {
  // Without a window (tests run in Node) the store lives in memory; each test starts it empty.
  beforeEach(() => removeStorage(storageKeys.editorTheme));

  it('defaults to merbivore_soft, and dawn for the light site theme', () => {
    expect(defaultEditorTheme('dark')).toBe('merbivore_soft');
    expect(defaultEditorTheme('light')).toBe('dawn');
    expect(readEditorTheme('light')).toBe('dawn');
  });

  it('keeps the stored choice whatever the site theme', () => {
    storeEditorTheme('dracula');
    expect(readEditorTheme('light')).toBe('dracula');
    expect(readEditorTheme('dark')).toBe('dracula');
  });
});
