import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './chunk-reload.ts';

describe('isChunkLoadError', () => {
  it.each([
    ['Chromium', 'Failed to fetch dynamically imported module: https://x/assets/settings-1.js'],
    ['Firefox', 'error loading dynamically imported module: https://x/assets/settings-1.js'],
    ['Safari', 'Importing a module script failed.'],
    ['Vite CSS preload', 'Unable to preload CSS for /assets/settings-1.css'],
  ])('knows the failed import of %s', (_browser, message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('leaves other errors to the error page', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
