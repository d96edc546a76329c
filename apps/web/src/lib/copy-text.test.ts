import { describe, expect, it, vi } from 'vitest';
import { copyText, type CopyEnvironment } from './copy-text.ts';

/** A document whose execCommand('copy') answers `isCopied`, recording what was selected. */
const fakeDocument = (isCopied: boolean | 'throws') => {
  const selected: string[] = [];
  const area = {
    value: '',
    style: {} as Record<string, string>,
    setAttribute: vi.fn(),
    select: () => selected.push(area.value),
    remove: vi.fn(),
  };
  const doc = {
    createElement: () => area,
    body: { append: vi.fn() },
    execCommand: () => {
      if (isCopied === 'throws') throw new Error('not allowed');
      return isCopied;
    },
  } as unknown as CopyEnvironment['document'];
  return { doc, selected, area };
};

describe('copying text', () => {
  it('reports success once the Clipboard API has taken the text', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    const { doc, selected } = fakeDocument(false);
    expect(await copyText('key-123', { clipboard: { writeText }, document: doc })).toBe(true);
    expect(writeText).toHaveBeenCalledWith('key-123');
    expect(selected).toEqual([]);
  });

  it('falls back to a hidden textarea when the Clipboard API refuses or is absent', async () => {
    const writeText = vi.fn(() => Promise.reject(new Error('NotAllowedError')));
    const refused = fakeDocument(true);
    expect(await copyText('curl …', { clipboard: { writeText }, document: refused.doc })).toBe(
      true,
    );
    expect(refused.selected).toEqual(['curl …']);
    expect(refused.area.remove).toHaveBeenCalled();
    const insecure = fakeDocument(true);
    expect(await copyText('key', { document: insecure.doc })).toBe(true);
  });

  it('reports failure when neither way copies', async () => {
    const writeText = () => Promise.reject(new Error('NotAllowedError'));
    expect(
      await copyText('x', { clipboard: { writeText }, document: fakeDocument(false).doc }),
    ).toBe(false);
    const throwing = fakeDocument('throws');
    expect(await copyText('x', { document: throwing.doc })).toBe(false);
    expect(throwing.area.remove).toHaveBeenCalled();
  });
});
