import { describe, expect, it } from 'vitest';
import { Shaper } from './shape-text.ts';
import type { FontFamily } from './types.ts';

/**
 * Each combining mark's ink centre and its base's ink span, in font units along the line, and
 * the mark's ink bottom and the base's top (above marks) for a value of one letter and marks.
 */
const placed = async (text: string, family: FontFamily) => {
  const shaped = await new Shaper().shapeValue(text, family);
  const [item] = shaped.items;
  const { face, glyphs } = item!;
  const [base, ...marks] = glyphs;
  const baseInk = face.font.glyphExtents(base!.gid)!;
  return {
    base: {
      left: baseInk.xBearing,
      right: baseInk.xBearing + baseInk.width,
      top: baseInk.yBearing,
    },
    marks: marks.map((g) => {
      const ink = face.font.glyphExtents(g.gid)!;
      return {
        centre: base!.advance + g.xOffset + ink.xBearing + ink.width / 2,
        bottom: g.yOffset + ink.yBearing + ink.height,
      };
    }),
  };
};

describe('combining marks in Times and Courier', () => {
  for (const family of ['timesnewroman', 'courier', 'helvetica'] as const) {
    it(`sit over their letter in ${family}, above marks clear of it`, async () => {
      for (const text of ['n\u0308', 'q\u0303', 'N\u0308', 'x\u0304\u0331', 'p\u0323']) {
        const { base, marks } = await placed(text, family);
        expect(marks.length, `${family} ${text}`).toBeGreaterThan(0);
        for (const mark of marks) {
          expect(mark.centre, `${family} ${text}`).toBeGreaterThan(base.left);
          expect(mark.centre, `${family} ${text}`).toBeLessThan(base.right);
          if (mark.bottom > 0) expect(mark.bottom, `${family} ${text}`).toBeGreaterThan(base.top);
        }
      }
    });
  }
});
