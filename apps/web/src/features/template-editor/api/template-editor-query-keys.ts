/** Query keys of one template; the list's keys share the 'templates' root. */
export const templateKeys = {
  all: ['templates'] as const,
  detail: (templateName: string) => ['templates', 'detail', templateName] as const,
  versions: (templateName: string) => ['templates', 'versions', templateName] as const,
  version: (templateName: string, version: number) =>
    ['templates', 'versions', templateName, version] as const,
};
