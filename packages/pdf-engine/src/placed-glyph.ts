/**
 * One glyph as HarfBuzz placed it, in font units; `cluster` is a character index of the text.
 * Its own module: the shaper makes them and the mark fallback moves them, and neither may
 * import the other for it.
 */
export interface PlacedGlyph {
  gid: number;
  cluster: number;
  advance: number;
  xOffset: number;
  yOffset: number;
}
