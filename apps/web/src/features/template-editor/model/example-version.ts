import type { TemplateResponse } from '@platen/contract';

/**
 * Which version the Api tab's examples fill: the one generate fills by default (the server builds
 * the example payload from it), and whether the draft holds changes they do not show yet (the
 * example PDF fills the draft, so it shows them).
 */
export const exampleVersionSentence = (
  template: Pick<TemplateResponse, 'publishedVersion' | 'hasUnpublishedChanges'>,
): string => {
  if (template.publishedVersion === null) {
    return 'These examples fill the draft: the template was never published, so the API fills the draft.';
  }
  const filled = `These examples fill version ${template.publishedVersion}, the version the API fills by default.`;
  return template.hasUnpublishedChanges
    ? `${filled} The draft has unpublished changes: the example PDF shows them, and publishing puts them here.`
    : filled;
};
