/**
 * Combining marks over their letters where the face itself does not place them. Tinos and
 * Cousine (the Times and Courier faces) have GPOS for kerning but no mark attachment, so
 * HarfBuzz, which positions marks itself only in faces without any GPOS, leaves a mark where
 * the pen stands: after its letter (n̈ printed as n¨). Arimo attaches them, and text in the
 * standard fonts is precomposed. This does what HarfBuzz's fallback would: it centres each mark
 * the face left unplaced over its base, sets a mark above a gap over the base and the marks
 * already stacked there, and lowers a mark below where it would touch them.
 */
import type { Face } from './faces.ts';
import type { PlacedGlyph } from './placed-glyph.ts';

/** The faces whose marks need it. */
export const needsMarkFallback = (face: Face) => face.name === 'tinos' || face.name === 'cousine';

/** Places, in place, the marks of left-to-right glyphs that the face left after their base. */
export const placeUnattachedMarks = (face: Face, glyphs: PlacedGlyph[]): void => {
  const gap = face.upem * 0.04;
  let pen = 0;
  let base: PlacedGlyph | undefined;
  let left = 0;
  let right = 0;
  let top = 0;
  let bottom = 0;
  for (const g of glyphs) {
    const isMark = base !== undefined && g.advance === 0 && g.cluster === base.cluster;
    if (!isMark) {
      base = g;
      const extents = face.font.glyphExtents(g.gid);
      left = pen + g.xOffset + (extents?.xBearing ?? 0);
      right = left + (extents?.width ?? g.advance);
      top = g.yOffset + (extents?.yBearing ?? 0);
      bottom = top + (extents?.height ?? 0);
      pen += g.advance;
      continue;
    }
    // Placed by the face (mark attachment), or drawn over its base as it is designed.
    if (g.xOffset !== 0 || g.yOffset !== 0) continue;
    const mark = face.font.glyphExtents(g.gid);
    if (!mark || mark.width === 0) continue;
    const centre = pen + mark.xBearing + mark.width / 2;
    if (centre >= left && centre <= right) continue;
    g.xOffset = Math.round((left + right) / 2 - centre);
    const markTop = mark.yBearing;
    const markBottom = mark.yBearing + mark.height;
    if (markBottom >= 0) {
      // Tinos draws its combining marks at capital height: each sits a gap above what is below.
      const lift = Math.round(top + gap - markBottom);
      g.yOffset = lift;
      top = markTop + lift;
    } else {
      const drop = Math.max(0, Math.round(markTop - (bottom - gap)));
      g.yOffset = -drop;
      bottom = markBottom - drop;
    }
  }
};
