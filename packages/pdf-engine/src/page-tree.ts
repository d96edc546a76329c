/**
 * A safe walk of the page tree. pdf-lib walks /Kids and climbs /Parent recursively and without
 * remembering where it has been, so a loop (corpus: pages_tree_loop, pages_tree_deep_nesting)
 * overflows the stack. This walk is iterative, visits each node once and stops early past the
 * page limit; when the tree is not a clean tree it is rebuilt flat so pdf-lib can use it safely.
 */
import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFPageLeaf,
  PDFPageTree,
  PDFRef,
  type PDFContext,
} from '@cantoo/pdf-lib';
import { boxFromCorners } from './pdf-user-space.ts';
import type { PdfBox } from './analysis-types.ts';

/** A page found in the tree, with its inheritable attributes already resolved. */
export interface PageLeafInfo {
  ref: PDFRef;
  leaf: PDFPageLeaf;
  mediaBox: PdfBox | undefined;
  cropBox: PdfBox | undefined;
  rotate: number;
  /** The page's /Resources entry, possibly inherited from a /Pages node. */
  resources: unknown;
}

export interface PageTreeScan {
  pages: PageLeafInfo[];
  /** Loops, shared nodes, wrong /Parent links or excessive depth: rebuild before pdf-lib walks it. */
  isMalformed: boolean;
  /** Stopped counting after `pageLimit` pages. */
  isOverLimit: boolean;
}

interface Inherited {
  mediaBox: PdfBox | undefined;
  cropBox: PdfBox | undefined;
  rotate: number;
  resources: unknown;
}

interface Pending {
  ref: PDFRef | undefined;
  parentRef: PDFRef | undefined;
  depth: number;
  inherited: Inherited;
}

// pdf-lib recurses once per level; deeper trees are flattened (real files rarely nest past 5).
const FLAT_ENOUGH_DEPTH = 32;
const MAX_NODES = 100_000;

/** Reads a PDF rectangle (possibly indirect) as a box, or undefined when it is not one. */
const readBox = (context: PDFContext, value: unknown): PdfBox | undefined => {
  const array = value instanceof PDFRef ? context.lookup(value) : value;
  if (!(array instanceof PDFArray) || array.size() !== 4) return undefined;
  const n = array.asArray().map((item) => {
    const num = item instanceof PDFRef ? context.lookup(item) : item;
    return num instanceof PDFNumber ? num.asNumber() : NaN;
  });
  if (!n.every(Number.isFinite)) return undefined;
  const box = boxFromCorners(n[0]!, n[1]!, n[2]!, n[3]!);
  return box.width > 0 && box.height > 0 ? box : undefined;
};

const readNumber = (context: PDFContext, value: unknown): number | undefined => {
  const num = value instanceof PDFRef ? context.lookup(value) : value;
  return num instanceof PDFNumber ? num.asNumber() : undefined;
};

const inherit = (context: PDFContext, node: PDFDict, from: Inherited): Inherited => ({
  mediaBox: readBox(context, node.get(PDFName.of('MediaBox'))) ?? from.mediaBox,
  cropBox: readBox(context, node.get(PDFName.of('CropBox'))) ?? from.cropBox,
  rotate: readNumber(context, node.get(PDFName.of('Rotate'))) ?? from.rotate,
  resources: node.get(PDFName.of('Resources')) ?? from.resources,
});

/** Walks the page tree from the catalog without recursion, in page order. */
export const scanPageTree = (
  context: PDFContext,
  rootRef: unknown,
  pageLimit: number,
): PageTreeScan => {
  const scan: PageTreeScan = { pages: [], isMalformed: false, isOverLimit: false };
  const start: Inherited = {
    mediaBox: undefined,
    cropBox: undefined,
    rotate: 0,
    resources: undefined,
  };
  if (!(rootRef instanceof PDFRef)) return { ...scan, isMalformed: true };
  const stack: Pending[] = [{ ref: rootRef, parentRef: undefined, depth: 0, inherited: start }];
  const seen = new Set<string>();
  while (stack.length > 0 && seen.size < MAX_NODES) {
    const { ref, parentRef, depth, inherited } = stack.pop()!;
    const node = ref ? context.lookup(ref) : undefined;
    if (depth > FLAT_ENOUGH_DEPTH) scan.isMalformed = true;
    if (!ref || seen.has(ref.toString()) || !(node instanceof PDFDict)) {
      scan.isMalformed = true;
      continue;
    }
    seen.add(ref.toString());
    const parent = node.get(PDFName.of('Parent'));
    if (parentRef && !(parent instanceof PDFRef && parent.toString() === parentRef.toString())) {
      scan.isMalformed = true;
    }
    const here = inherit(context, node, inherited);
    if (node instanceof PDFPageLeaf) {
      if (!here.mediaBox) scan.isMalformed = true;
      scan.pages.push({ ref, leaf: node, ...here });
      if (scan.pages.length > pageLimit) return { ...scan, isOverLimit: true };
    } else if (node instanceof PDFPageTree) {
      const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray)?.asArray() ?? [];
      for (let i = kids.length - 1; i >= 0; i--) {
        const kid = kids[i];
        stack.push({
          ref: kid instanceof PDFRef ? kid : undefined,
          parentRef: ref,
          depth: depth + 1,
          inherited: here,
        });
      }
    } else {
      scan.isMalformed = true;
    }
  }
  if (stack.length > 0) scan.isMalformed = true;
  return scan;
};

const LETTER: PdfBox = { x: 0, y: 0, width: 612, height: 792 };

const boxArray = (context: PDFContext, box: PdfBox) =>
  context.obj([box.x, box.y, box.x + box.width, box.y + box.height]);

/**
 * Rebuilds the tree as one /Pages node holding every page found, each with its inherited
 * attributes written on itself, so later walks (ours and pdf-lib's) are finite and shallow.
 */
export const flattenPageTree = (
  context: PDFContext,
  rootRef: PDFRef,
  pages: PageLeafInfo[],
): void => {
  const root = context.lookup(rootRef);
  if (!(root instanceof PDFDict)) return;
  for (const page of pages) {
    const { leaf } = page;
    leaf.set(PDFName.of('Parent'), rootRef);
    leaf.set(PDFName.of('MediaBox'), boxArray(context, page.mediaBox ?? LETTER));
    if (page.cropBox) leaf.set(PDFName.of('CropBox'), boxArray(context, page.cropBox));
    if (page.rotate) leaf.set(PDFName.of('Rotate'), PDFNumber.of(page.rotate));
    if (page.resources instanceof PDFDict || page.resources instanceof PDFRef) {
      leaf.set(PDFName.of('Resources'), page.resources);
    }
  }
  root.set(PDFName.of('Kids'), context.obj(pages.map((p) => p.ref)));
  root.set(PDFName.of('Count'), PDFNumber.of(pages.length));
  root.delete(PDFName.of('Parent'));
};
