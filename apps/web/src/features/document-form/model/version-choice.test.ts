import { describe, expect, it } from 'vitest';
import { fillsSentence, versionToFill } from './version-choice.ts';

describe('the version the Form tab fills', () => {
  it('pins the latest published version by default, the draft when asked or never published', () => {
    expect(versionToFill('api', 3)).toBe(3);
    expect(versionToFill('draft', 3)).toBe('draft');
    expect(versionToFill('api', null)).toBe('draft');
  });

  it('says which one', () => {
    expect(fillsSentence('api', 3)).toBe(
      'Generate fills version 3, the version the API fills by default.',
    );
    expect(fillsSentence('draft', 3)).toContain('fills the saved draft');
    expect(fillsSentence('api', null)).toContain('never published');
  });
});
