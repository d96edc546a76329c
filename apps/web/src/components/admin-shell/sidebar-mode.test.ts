import { describe, expect, it } from 'vitest';
import { parseSidebarStyle, sidebarMode } from './sidebar-mode.ts';

describe('sidebarMode', () => {
  it('is an overlay at 768 px or less', () => {
    expect(sidebarMode(390, 'full')).toBe('overlay');
    expect(sidebarMode(768, undefined)).toBe('overlay');
  });

  it('is mini under 1200 px whatever is stored', () => {
    expect(sidebarMode(769, 'full')).toBe('mini');
    expect(sidebarMode(1199, undefined)).toBe('mini');
  });

  it('follows the stored style from 1200 px, full by default', () => {
    expect(sidebarMode(1200, undefined)).toBe('full');
    expect(sidebarMode(1440, 'mini')).toBe('mini');
    expect(sidebarMode(1440, 'full')).toBe('full');
  });

  it('ignores unknown stored values', () => {
    expect(parseSidebarStyle('wide')).toBeUndefined();
    expect(parseSidebarStyle('mini')).toBe('mini');
  });
});
