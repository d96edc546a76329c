import { describe, expect, it } from 'vitest';
import { isDecodedInBrowser, isStampImageType } from './stamp-image.ts';

describe('stamp picture types (product.md#validation)', () => {
  it('accepts every offered type and the other names of BMP and ICO', () => {
    const offered = ['image/png', 'image/svg+xml', 'image/bmp', 'image/x-icon'];
    expect([...offered, 'image/vnd.microsoft.icon'].every(isStampImageType)).toBe(true);
    expect(isStampImageType('application/pdf')).toBe(false);
    expect(isStampImageType('')).toBe(false);
  });

  it('turns BMP and ICO into PNG in the browser, since the server cannot read them', () => {
    expect(
      ['image/bmp', 'image/x-icon', 'image/vnd.microsoft.icon'].map(isDecodedInBrowser),
    ).toEqual([true, true, true]);
    expect(['image/png', 'image/jpeg', 'image/svg+xml'].map(isDecodedInBrowser)).toEqual([
      false,
      false,
      false,
    ]);
  });
});
