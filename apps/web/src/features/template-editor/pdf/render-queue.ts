let tail: Promise<void> = Promise.resolve();

/** Settles when the signal aborts: a render given up on must not hold up the ones after it. */
const whenAborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });

/**
 * Runs page renders one after another. pdf.js paints on the main thread; two pages drawn at once
 * interleave and both finish late, while in turn the first page asked for (page 1 on opening, the
 * page scrolled to) is on screen first. A render whose page has left the view returns at once.
 *
 * The queue moves on as soon as a render's signal aborts, without waiting for its promise: pdf.js
 * never settles `getPage()` or a render of a document destroyed meanwhile (a replaced PDF, a
 * closed editor), and the queue is shared by every page of the session.
 */
export const queueRender = (render: () => Promise<void>, signal: AbortSignal): Promise<void> => {
  const run = tail.then(() =>
    signal.aborted ? undefined : Promise.race([render(), whenAborted(signal)]),
  );
  tail = run.catch(() => undefined);
  return run;
};
