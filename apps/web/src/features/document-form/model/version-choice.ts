/** What the Form tab fills: what the API uses by default, or the draft. */
export type VersionChoice = 'api' | 'draft';

/**
 * The `version` a Form tab generate sends. It is pinned, so the document is the one the tab
 * says even if a version is published meanwhile; the API's default is the latest published
 * version, or the draft while the template was never published.
 */
export const versionToFill = (
  choice: VersionChoice,
  publishedVersion: number | null,
): number | 'draft' =>
  choice === 'draft' || publishedVersion === null ? 'draft' : publishedVersion;

/** The sentence under the selector: which version Generate fills, and why. */
export const fillsSentence = (choice: VersionChoice, publishedVersion: number | null): string => {
  if (publishedVersion === null) {
    return 'Generate fills the saved draft: the template was never published, so the API fills the draft too.';
  }
  return choice === 'draft'
    ? `Generate fills the saved draft. The API fills version ${publishedVersion} unless a call pins "draft".`
    : `Generate fills version ${publishedVersion}, the version the API fills by default.`;
};
