import { describe, expect, it } from 'vitest';
import { exampleVersionSentence } from './example-version.ts';

describe('exampleVersionSentence', () => {
  it('names the draft while the template was never published', () => {
    expect(exampleVersionSentence({ publishedVersion: null, hasUnpublishedChanges: true })).toBe(
      'These examples fill the draft: the template was never published, so the API fills the draft.',
    );
  });

  it('names the latest published version, and says when the draft has moved on', () => {
    expect(exampleVersionSentence({ publishedVersion: 3, hasUnpublishedChanges: false })).toBe(
      'These examples fill version 3, the version the API fills by default.',
    );
    expect(exampleVersionSentence({ publishedVersion: 3, hasUnpublishedChanges: true })).toBe(
      'These examples fill version 3, the version the API fills by default. The draft has unpublished changes: the example PDF shows them, and publishing puts them here.',
    );
  });
});
