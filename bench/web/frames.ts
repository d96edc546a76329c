import type { Page } from 'playwright-core';

/** A frame interval above this missed at least one 60 Hz frame (16.7 ms) and counts as dropped. */
export const DROPPED_FRAME_MS = 20;

export type FrameStats = {
  frames: number;
  seconds: number;
  fps: number;
  dropped: number;
  p95Ms: number;
  worstMs: number;
};

type RecorderWindow = Window & { benchFrames?: number[]; benchRecording?: boolean };

/*
 * The recorder goes in as source text: tsx compiles this file with esbuild's keepNames, whose
 * __name() helper does not exist in the page, so a function handed to evaluate() would fail there.
 */
const RECORDER = `(() => {
  window.benchFrames = [];
  window.benchRecording = true;
  const tick = (time) => {
    if (!window.benchRecording) return;
    window.benchFrames.push(time);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

/** Starts recording requestAnimationFrame timestamps in the page. */
export const startFrameRecorder = (page: Page) => page.evaluate(RECORDER);

/** Stops the recorder and sums up the intervals between frames. */
export const stopFrameRecorder = async (page: Page): Promise<FrameStats> => {
  const times = await page.evaluate(() => {
    const w = window as RecorderWindow;
    w.benchRecording = false;
    return w.benchFrames ?? [];
  });
  const intervals = times.slice(1).map((time, index) => time - (times[index] ?? time));
  const sorted = [...intervals].sort((a, b) => a - b);
  const seconds = ((times.at(-1) ?? 0) - (times[0] ?? 0)) / 1000;
  return {
    frames: intervals.length,
    seconds,
    fps: seconds > 0 ? intervals.length / seconds : 0,
    dropped: intervals.filter((ms) => ms > DROPPED_FRAME_MS).length,
    p95Ms: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
    worstMs: sorted.at(-1) ?? 0,
  };
};
