let tail: Promise<void> = Promise.resolve();

/**
 * Runs page renders one after another. pdf.js paints on the main thread; two pages drawn at once
 * interleave and both finish late, while in turn the first page asked for (page 1 on opening, the
 * page scrolled to) is on screen first. A render whose page has left the view returns at once.
 */
export const queueRender = (render: () => Promise<void>): Promise<void> => {
  const run = tail.then(render);
  tail = run.catch(() => undefined);
  return run;
};
