import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { heaviestAcceptedSvg, logoSvg } from '../../../test/hostile-svg.ts';
import { createSvgRenderer, SvgRenderError } from './svg-renderer.ts';

const job = (svg: Buffer) => ({
  svg,
  density: 72,
  limitInputPixels: 4_100_000,
  maxSidePx: 2000,
});

describe('the SVG drawing process', () => {
  it('draws an SVG as a PNG', async () => {
    const renderer = createSvgRenderer();
    try {
      const png = await renderer.render(job(logoSvg()));
      expect((await sharp(png).metadata()).format).toBe('png');
    } finally {
      renderer.close();
    }
  });

  it.each([
    ['its CPU budget, ending its process', { cpuBudgetMs: 500 }],
    ['its time on the clock, killing its process', { wallTimeoutMs: 1_000 }],
  ])('stops a drawing past %s, and draws the next one in a new process', async (_, limits) => {
    // The costliest accepted stamp drawn at 31 megapixels instead of 4: seconds of plain drawing
    // (over 2 s measured; nothing librsvg would give up on early). A logo takes milliseconds,
    // and its new process's start does not count against its time.
    const renderer = createSvgRenderer(limits);
    try {
      const bomb = renderer.render({
        svg: heaviestAcceptedSvg(),
        density: 200,
        limitInputPixels: 40_000_000,
        maxSidePx: 2000,
      });
      await expect(bomb).rejects.toBeInstanceOf(SvgRenderError);
      await expect(bomb).rejects.toMatchObject({ reason: 'too-long' });
      const png = await renderer.render(job(logoSvg()));
      expect((await sharp(png).metadata()).format).toBe('png');
    } finally {
      renderer.close();
    }
  });

  it('refuses what librsvg cannot read', async () => {
    const renderer = createSvgRenderer();
    try {
      await expect(renderer.render(job(Buffer.from('<svg')))).rejects.toMatchObject({
        reason: 'failed',
      });
    } finally {
      renderer.close();
    }
  });
});
