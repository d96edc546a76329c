/** The diagonal SAMPLE mark of tryout documents, upright on every page as displayed. */
import { rgb, StandardFonts } from '@cantoo/pdf-lib';
import { beginBox, endBox } from './draw-text.ts';
import { StandardFont } from './engine-font.ts';
import { canvasFor, type FillContext } from './fill-context.ts';
import { showText } from './page-canvas.ts';
import { displayedSize, displayRectTransform } from './pdf-user-space.ts';

const WORD = 'SAMPLE';
const OPACITY = 0.3;

/** Stamps each page corner to corner, bottom-left to top-right, half transparent. */
export const stampSample = async (ctx: FillContext) => {
  const font = StandardFont.of(StandardFonts.HelveticaBold);
  const state = await ctx.template.resources.opacityState(OPACITY);
  ctx.template.pages.forEach(({ geometry }, i) => {
    const page = canvasFor(ctx, i);
    const { width, height } = displayedSize(geometry);
    const angle = Math.atan2(height, width);
    const diagonal = Math.hypot(width, height);
    const size = (diagonal * 0.6) / font.widthOfTextAtSize(WORD, 1);
    const textWidth = font.widthOfTextAtSize(WORD, size);
    const capHeight = font.heightAtSize(size, { descender: false }) * 0.7;
    // Start the baseline so that the word's centre lands on the page's centre.
    const x = width / 2 - (textWidth / 2) * Math.cos(angle) + (capHeight / 2) * Math.sin(angle);
    const y = height / 2 - (textWidth / 2) * Math.sin(angle) - (capHeight / 2) * Math.cos(angle);
    const rect = { rectX: 0, rectY: 0, rectWidth: width, rectHeight: height };
    beginBox(page, { matrix: displayRectTransform(geometry, rect), width, height });
    showText(
      page,
      { font, text: WORD },
      { x, y, size, color: rgb(0.86, 0.15, 0.15), radians: angle, state: page.use(state) },
    );
    endBox(page);
  });
};
