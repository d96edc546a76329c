/** Where a template stands, as the list and the detail carry it. */
export type PublicationState = { publishedVersion: number | null; hasUnpublishedChanges: boolean };

export type PublicationLabel = { text: string; tone: 'draft' | 'published' | 'changed' };

/**
 * The badge of a template: `Draft` while never published, `v3` when the draft is version 3, and
 * `v3 · unpublished changes` when it was edited since: what generate fills, at a glance.
 */
export const publicationLabel = (state: PublicationState): PublicationLabel => {
  if (state.publishedVersion === null) return { text: 'Draft', tone: 'draft' };
  const version = `v${state.publishedVersion}`;
  return state.hasUnpublishedChanges
    ? { text: `${version} · unpublished changes`, tone: 'changed' }
    : { text: version, tone: 'published' };
};
