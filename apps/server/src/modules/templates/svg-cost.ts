// saxes: a strict, streaming XML parser (the one jsdom uses). Streaming lets the check stop at the
// first element past the budget, it never expands entities or fetches anything, and it keeps no
// document tree of its own: only the small graph below is built.
import { SaxesParser } from 'saxes';
import { AppError } from '../../lib/app-error.ts';

/** Real logos are a few kilobytes to a few hundred; past this, upload a PNG. */
export const MAX_SVG_BYTES = 512 * 1024;
/**
 * The most drawing work a stamp may ask of librsvg, in elements drawn once `<use>`, masks and
 * clip paths are expanded (weighted below). Measured: about 2 s of one core at the largest
 * size, so the render size shrinks as the cost grows (`svgRenderPixels`).
 */
export const MAX_SVG_COST = 6400;
/** Deeper nesting than any drawing program writes; keeps the walk below far from stack limits. */
const MAX_DEPTH = 200;
/** A mask is drawn into a canvas-sized layer and composited: about 45 plain shapes. */
const MASK_WEIGHT = 45;
/**
 * Opacity or isolation draws the element into a canvas-sized layer of its own first: measured
 * like a dozen plain shapes. (Blend modes cost more again, and are refused.)
 */
const LAYER_WEIGHT = 12;
/**
 * A character is drawn as its glyph's outline, which may fill the canvas like a shape: a Latin
 * glyph costs less than a canvas-filling rectangle (measured: 400 stacked "g" at 2600 px, 0.3 s;
 * 400 rectangles, 0.5 s), so one unit each. A Han, Hangul or kana glyph has an outline of dozens
 * of curves: 1,000 of them at 3,000 px held librsvg 35 s (reported, with CJK faces installed),
 * about 27 rectangles' worth each.
 */
const GLYPH_WEIGHT = 1;
const COMPLEX_GLYPH_WEIGHT = 30;
const COMPLEX_GLYPH =
  /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Yi}\p{Extended_Pictographic}]/u;

/** What drawing a run of text costs, character by character. */
const textWeight = (text: string) => {
  let weight = 0;
  for (const character of text.trim()) {
    weight += COMPLEX_GLYPH.test(character) ? COMPLEX_GLYPH_WEIGHT : GLYPH_WEIGHT;
  }
  return weight;
};
/**
 * Path data: each segment can cross the whole canvas, and costs like a shape that fills it
 * (measured: 2000 crossing lines 2 s, like 2000 shapes); counted as one per two numbers.
 */
const PATH_NUMBERS_PER_UNIT = 2;
const NUMBER = /[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi;

/**
 * Elements librsvg draws at a cost no count bounds: filters (feTurbulence alone is seconds),
 * pictures and documents it would decode in turn, and paint servers and markers that are drawn
 * again for every shape, or every vertex, that inherits them.
 */
const isRefusedElement = (name: string) =>
  /^(filter|fe[A-Z].*|image|include|pattern|marker)$/.test(name);
const LAYER_PROPERTY = /(?:^|[\s;{])(?:opacity|isolation)\s*:/i;
/** Dashes cost by their number, not their pixels: one tiny-dashed circle took 0.4 s (measured). */
const DASH_PROPERTY = /(?:^|[\s;{])stroke-dasharray\s*:\s*(?!none\b)/i;
const BLEND_PROPERTY = /(?:^|[\s;{])mix-blend-mode\s*:\s*(?!normal\b)/i;
const FILTER_PROPERTY = /(?:^|[\s;{])filter\s*:\s*(?!none\b)/i;
const URL_START = /url\(\s*/gi;
const CLOSING_PARENTHESIS = /\s*\)/y;

type SvgElement = {
  name: string;
  weight: number;
  children: SvgElement[];
  /** Ids of the elements this one draws as part of itself (`use`, `mask`, `clip-path`…). */
  refs: string[];
};

const refuse = (message: string) => new AppError('INVALID_IMAGE', 400, message);
const tooComplex = () =>
  refuse(
    'This SVG stamp is too complex to draw: it repeats or layers too many shapes. ' +
      'Please simplify it or upload it as a PNG.',
  );
const unsupported = (what: string) =>
  refuse(`SVG stamps cannot use ${what}. Please upload this stamp as a PNG.`);

const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1);

const isLayerValue = (property: string, value: string) => {
  const v = value.trim().toLowerCase();
  if (property === 'opacity') return v !== '' && v !== '1' && v !== '100%';
  return property === 'isolation' && v === 'isolate';
};

/**
 * CSS (a style sheet or a style attribute) may not ask for what elements may not. Returned without
 * comments; escapes are refused, as they could spell a property past these checks.
 */
const checkedCss = (css: string) => {
  const plain = css.replace(/\/\*[\s\S]*?(\*\/|$)/g, ' ');
  if (plain.includes('\\')) throw unsupported('escapes in CSS');
  if (/@import/i.test(plain)) throw unsupported('links to other files');
  if (FILTER_PROPERTY.test(plain)) {
    throw unsupported('filters, patterns, markers or embedded pictures');
  }
  if (BLEND_PROPERTY.test(plain)) throw unsupported('blend modes');
  if (DASH_PROPERTY.test(plain)) throw unsupported('dashed lines');
  return plain;
};

/**
 * The `url(…)` arguments in a CSS text or attribute value, quoted or not. A scan that never looks
 * at a character twice: the single pattern it replaces backtracked cubically on `url(` followed
 * by a long run of spaces (a 2.6 KB stamp held the event loop for seconds).
 */
const urlArguments = (value: string): string[] => {
  const found: string[] = [];
  URL_START.lastIndex = 0;
  while (URL_START.exec(value)) {
    const start = URL_START.lastIndex;
    const quote = value[start];
    const isQuoted = quote === '"' || quote === "'";
    const end = isQuoted ? value.indexOf(quote, start + 1) : value.indexOf(')', start);
    if (end < 0) break;
    if (isQuoted) {
      CLOSING_PARENTHESIS.lastIndex = end + 1;
      if (CLOSING_PARENTHESIS.test(value)) found.push(value.slice(start + 1, end));
      URL_START.lastIndex = end + 1;
    } else {
      found.push(value.slice(start, end).trimEnd());
      URL_START.lastIndex = end + 1;
    }
  }
  return found;
};

/** The ids a CSS text or attribute value points at with `url(#id)`; anything else is refused. */
const urlTargets = (value: string): string[] =>
  urlArguments(value).map((target) => {
    if (!target.startsWith('#')) throw unsupported('links to other files');
    return target.slice(1);
  });

/** Reads the document into a small graph, refusing what cannot be bounded. */
const parseSvg = (text: string) => {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const root: SvgElement = { name: '#document', weight: 0, children: [], refs: [] };
  const stack: SvgElement[] = [root];
  const byId = new Map<string, SvgElement>();
  const all: SvgElement[] = [];
  const stylesheetRefs: string[] = [];
  let hasStylesheetLayers = false;
  let isInStyle = false;
  let styleSheet = '';

  parser.on('doctype', (doctype) => {
    if (doctype.includes('[')) throw unsupported('entity declarations (<!ENTITY>)');
  });
  // librsvg loads the style sheet an xml-stylesheet instruction names.
  parser.on('processinginstruction', ({ target }) => {
    if (target.toLowerCase() === 'xml-stylesheet') throw unsupported('links to other files');
  });
  parser.on('opentag', (tag) => {
    // A style sheet is judged as one text; markup inside it would split that text.
    if (isInStyle) throw unsupported('elements inside a style sheet');
    const name = localName(tag.name);
    if (isRefusedElement(name)) {
      throw unsupported('filters, patterns, markers or embedded pictures');
    }
    if (stack.length > MAX_DEPTH) throw tooComplex();
    const element: SvgElement = { name, weight: 1, children: [], refs: [] };
    for (const [qualified, value] of Object.entries(tag.attributes)) {
      const attribute = localName(qualified);
      if (attribute === 'href' && name !== 'a' && name !== 'script' && value.trim() !== '') {
        if (!value.trim().startsWith('#')) throw unsupported('links to other files');
        element.refs.push(value.trim().slice(1));
      } else if (attribute === 'filter' && value.trim() !== 'none') {
        throw unsupported('filters, patterns, markers or embedded pictures');
      } else if (attribute === 'mix-blend-mode' && value.trim() !== 'normal') {
        throw unsupported('blend modes');
      } else if (attribute === 'stroke-dasharray' && value.trim() !== 'none') {
        throw unsupported('dashed lines');
      } else if (attribute === 'd' || attribute === 'points') {
        element.weight += Math.ceil((value.match(NUMBER)?.length ?? 0) / PATH_NUMBERS_PER_UNIT);
      } else if (attribute === 'style') {
        if (LAYER_PROPERTY.test(checkedCss(value))) element.weight += LAYER_WEIGHT;
      } else if (isLayerValue(attribute, value)) {
        element.weight += LAYER_WEIGHT;
      }
      if (attribute !== 'href') element.refs.push(...urlTargets(value));
    }
    if (name === 'mask') element.weight += MASK_WEIGHT;
    const id = tag.attributes.id;
    if (id && !byId.has(id)) byId.set(id, element);
    stack.at(-1)?.children.push(element);
    stack.push(element);
    all.push(element);
    if (all.length > MAX_SVG_COST) throw tooComplex();
    isInStyle = name === 'style';
  });
  parser.on('closetag', () => {
    stack.pop();
    if (!isInStyle) return;
    // Judged whole: text, CDATA and comments can split a property across parser events.
    const css = checkedCss(styleSheet);
    hasStylesheetLayers ||= LAYER_PROPERTY.test(css);
    stylesheetRefs.push(...urlTargets(css));
    styleSheet = '';
    isInStyle = false;
  });
  const onText = (text: string) => {
    const element = stack.at(-1);
    if (!element) return;
    if (isInStyle) {
      styleSheet += text;
    } else {
      element.weight += textWeight(text);
    }
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.write(text).close();

  // A style sheet applies to every element it selects: a gradient is cheap whatever it fills,
  // anything else (a mask, a clip path) would be drawn again for each of them.
  for (const target of stylesheetRefs) {
    const name = byId.get(target)?.name;
    if (name && name !== 'linearGradient' && name !== 'radialGradient') {
      throw unsupported('masks or clip paths set from a style sheet');
    }
  }
  if (hasStylesheetLayers) for (const element of all) element.weight += LAYER_WEIGHT;
  return { root, byId };
};

/**
 * What drawing the document costs: each element's weight, plus its children, plus everything it
 * draws by reference, expanded as many times as it is referenced (the `<use>` bomb). Memoised,
 * so the walk is linear; a reference cycle is refused, as librsvg would refuse to draw it.
 */
const drawingCost = (root: SvgElement, byId: Map<string, SvgElement>): number => {
  const costs = new Map<SvgElement, number>();
  const walking = new Set<SvgElement>();
  const costOf = (element: SvgElement): number => {
    const known = costs.get(element);
    if (known !== undefined) return known;
    if (walking.has(element)) throw refuse('This SVG stamp refers to itself and cannot be drawn.');
    walking.add(element);
    let cost = element.weight;
    for (const child of element.children) cost += costOf(child);
    for (const id of element.refs) {
      const target = byId.get(id);
      if (target) cost += costOf(target);
    }
    walking.delete(element);
    // Past the budget the exact figure no longer matters: stop before it overflows.
    if (cost > MAX_SVG_COST) throw tooComplex();
    costs.set(element, cost);
    return cost;
  };
  return costOf(root);
};

/**
 * Bounds what an SVG stamp would cost librsvg before it is handed over: its size, its elements,
 * the expansion of `<use>` and other references, and no filters. Returns the drawing cost, which
 * sets how large it is rendered (`svgRenderPixels`).
 */
export const svgDrawingCost = (bytes: Buffer): number => {
  if (bytes.length > MAX_SVG_BYTES) {
    throw refuse(`This SVG stamp is larger than ${MAX_SVG_BYTES / 1024} KB. Please upload a PNG.`);
  }
  let graph: ReturnType<typeof parseSvg>;
  try {
    graph = parseSvg(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse('This SVG stamp is not well-formed XML and cannot be read.');
  }
  return drawingCost(graph.root, graph.byId);
};

/** The most pixels of the largest stamp raster (2000 × 2000). */
export const MAX_SVG_RENDER_PIXELS = 4_000_000;
/** The most work one SVG stamp may take, as `svgWork`: about 2 s of one core (measured). */
export const MAX_SVG_WORK = 8_000;

/**
 * librsvg's time grows with elements × pixels (measured: about 0.2 ms per element, plus 0.25 ms
 * per element and megapixel), so a drawing's work is its cost times (1 + megapixels).
 */
export const svgWork = (cost: number, pixels: number) => cost * (1 + pixels / 1e6);

/**
 * How many output pixels a drawing of this cost may have within MAX_SVG_WORK: a complex drawing
 * is rendered smaller, never under a quarter of a megapixel (it is refused before that, at
 * MAX_SVG_COST).
 */
export const svgRenderPixels = (cost: number) =>
  Math.min(MAX_SVG_RENDER_PIXELS, Math.max(250_000, (MAX_SVG_WORK / Math.max(cost, 1) - 1) * 1e6));
