/** The tabs of the template screen (product.md#screens-and-routes), 'editing' being the Editing mode tab. */
const EDITOR_TABS = ['template', 'form', 'api', 'stamps', 'editing'] as const;
export type EditorTab = (typeof EDITOR_TABS)[number];

/** The query parameter holding the tab, so Back and reload keep it (conventions.md#conventions). */
const TAB_PARAM = 'tab';

const isEditorTab = (value: string | null): value is EditorTab =>
  (EDITOR_TABS as readonly (string | null)[]).includes(value);

/** The tab a URL asks for; the Template tab for anything else. */
export const readTabParam = (params: URLSearchParams): EditorTab => {
  const value = params.get(TAB_PARAM);
  return isEditorTab(value) ? value : 'template';
};

/** The URL parameters for a tab: the Template tab is the plain URL. */
export const withTabParam = (params: URLSearchParams, tab: EditorTab): URLSearchParams => {
  const next = new URLSearchParams(params);
  if (tab === 'template') next.delete(TAB_PARAM);
  else next.set(TAB_PARAM, tab);
  return next;
};

/** The query parameter of a published version opened read-only (`?version=3`). */
const VERSION_PARAM = 'version';

/** The version a URL opens read-only, or null for the draft (anything but a positive integer). */
export const readVersionParam = (params: URLSearchParams): number | null => {
  const value = params.get(VERSION_PARAM) ?? '';
  return /^[1-9]\d{0,6}$/.test(value) ? Number(value) : null;
};

/** The URL parameters opening a version read-only, or the draft again (null). */
export const withVersionParam = (params: URLSearchParams, version: number | null) => {
  const next = new URLSearchParams(params);
  if (version === null) next.delete(VERSION_PARAM);
  else next.set(VERSION_PARAM, String(version));
  return next;
};
