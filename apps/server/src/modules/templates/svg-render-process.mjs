/*
 * The child process that rasterises SVG stamps for svg-renderer.ts. librsvg cannot be stopped
 * once it draws, not from a thread of the process it runs in: a drawing past its budget ends this
 * process, and the server starts a new one for the next. Plain JavaScript, so that it runs the
 * same from the sources and from dist/ (build.mjs bundles it as it is).
 */
import { Buffer } from 'node:buffer';
import process from 'node:process';
import { clearInterval, setInterval } from 'node:timers';
import sharp from 'sharp';

// One libvips thread: a drawing uses one core, the rest stay with the server.
sharp.concurrency(1);
const BUDGET_CHECK_MS = 50;

// The server is gone (or has let this process go): nothing is left to draw for.
process.on('disconnect', () => process.exit(0));

/**
 * The CPU time this process has used since `start`, in milliseconds: libvips draws on a thread of
 * its own, so this thread stays free to watch it. CPU time, not time on the clock: a busy machine
 * stretches the one and not the other.
 */
const cpuMsSince = (start) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

process.on('message', async ({ id, svg, density, limitInputPixels, maxSidePx, cpuBudgetMs }) => {
  // The drawing's time on the clock counts from here: starting this process does not count.
  process.send?.({ id, started: true });
  const start = process.cpuUsage();
  const watch = setInterval(() => {
    if (cpuMsSince(start) > cpuBudgetMs) {
      clearInterval(watch);
      process.send?.({ id, overBudget: true }, () => process.exit(1));
    }
  }, BUDGET_CHECK_MS);
  try {
    const png = await sharp(Buffer.from(svg), { density, limitInputPixels })
      .resize(maxSidePx, maxSidePx, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
    process.send?.({ id, png });
  } catch {
    process.send?.({ id });
  } finally {
    clearInterval(watch);
  }
});
