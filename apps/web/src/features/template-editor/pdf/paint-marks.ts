/*
 * User Timing marks for the editor's first paint, read by `npm run bench:web` (and visible in the
 * browser's performance panel). One mark when a template's data arrives, one measure when page 1
 * of that template is on screen: the span the editor itself is responsible for.
 */

const TEMPLATE_DATA_MARK = 'editor:template-data';
const FIRST_PAGE_MEASURE = 'editor:first-page';

let isFirstPagePending = false;

export const markTemplateData = () => {
  performance.mark(TEMPLATE_DATA_MARK);
  isFirstPagePending = true;
};

/** Called when pdf.js has finished drawing page 1; measures once per arrival of the data. */
export const markFirstPageDrawn = () => {
  if (!isFirstPagePending) return;
  isFirstPagePending = false;
  // The canvas reaches the screen with the next frame: end the measure after that paint.
  requestAnimationFrame(() =>
    setTimeout(() => performance.measure(FIRST_PAGE_MEASURE, TEMPLATE_DATA_MARK)),
  );
};
