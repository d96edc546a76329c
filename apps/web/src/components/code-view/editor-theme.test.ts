import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStore, setStoreForTests } from '../../lib/local-storage.ts';
import { defaultEditorTheme, readEditorTheme, storeEditorTheme } from './editor-theme.ts';

describe('editor theme', () => {
  beforeEach(() => setStoreForTests(createMemoryStore()));

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
