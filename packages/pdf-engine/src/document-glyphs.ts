/**
 * The glyphs one document draws with embedded faces, numbered per document: the content streams
 * name a glyph by its CID (1, 2, 3… in the order first drawn) and the document's font maps CIDs
 * to the glyphs of its own subset (face-subset.ts). Numbering per document keeps that map a few
 * bytes long; naming glyphs by their id in a CJK face would need a 130 KB map to compress.
 */
import type { Face } from './faces.ts';

/** One face's glyphs in one document: `gids[cid - 1]` and the characters each stands for. */
export class FaceGlyphs {
  readonly gids: number[] = [];
  readonly texts: string[] = [];
  private readonly cids = new Map<number, number>();

  /** The CID of a glyph, given on first use; the first non-empty text is its ToUnicode entry. */
  cid(gid: number, text: string): number {
    let cid = this.cids.get(gid);
    if (cid === undefined) {
      this.gids.push(gid);
      this.texts.push(text);
      cid = this.gids.length;
      this.cids.set(gid, cid);
    } else if (text !== '' && this.texts[cid - 1] === '') {
      this.texts[cid - 1] = text;
    }
    return cid;
  }
}

/** Every embedded face's glyphs in one document, shared by its pages' canvases. */
export class DocumentGlyphs {
  readonly faces = new Map<Face, FaceGlyphs>();

  of(face: Face): FaceGlyphs {
    let glyphs = this.faces.get(face);
    if (!glyphs) {
      glyphs = new FaceGlyphs();
      this.faces.set(face, glyphs);
    }
    return glyphs;
  }
}
