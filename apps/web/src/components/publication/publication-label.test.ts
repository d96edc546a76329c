import { describe, expect, it } from 'vitest';
import { publicationLabel } from './publication-label.ts';

describe('publicationLabel', () => {
  it('says Draft for a template never published, whatever its changes', () => {
    expect(publicationLabel({ publishedVersion: null, hasUnpublishedChanges: true })).toEqual({
      text: 'Draft',
      tone: 'draft',
    });
  });

  it('names the latest version, and unpublished changes when the draft moved on', () => {
    expect(publicationLabel({ publishedVersion: 3, hasUnpublishedChanges: false }).text).toBe('v3');
    expect(publicationLabel({ publishedVersion: 3, hasUnpublishedChanges: true })).toEqual({
      text: 'v3 · unpublished changes',
      tone: 'changed',
    });
  });
});
