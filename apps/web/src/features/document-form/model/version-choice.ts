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

/** The sentence under the selector: which version Generate (or a batch's Start) fills, and why. */
export const fillsSentence = (
  choice: VersionChoice,
  publishedVersion: number | null,
  action = 'Generate',
): string => {
  if (publishedVersion === null) {
    return `${action} fills the saved draft: the template was never published, so the API fills the draft too.`;
  }
  return choice === 'draft'
    ? `${action} fills the saved draft. The API fills version ${publishedVersion} unless a call pins "draft".`
    : `${action} fills version ${publishedVersion}, the version the API fills by default.`;
};
