/** Query keys of the template list; the editor's detail keys share the 'templates' root. */
export const templateListKeys = {
  all: ['templates'] as const,
  page: (page: number, size: number) => ['templates', 'list', { page, size }] as const,
};
