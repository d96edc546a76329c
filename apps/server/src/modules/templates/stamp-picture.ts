import sharp from 'sharp';
import { AppError } from '../../lib/app-error.ts';
import { imageWork, isGzip, looksLikeSvg } from '../../lib/image-work.ts';
import { MAX_SVG_WORK, svgDrawingCost, svgRenderPixels, svgWork } from './svg-cost.ts';
import { createSvgRenderer, SvgRenderError } from './svg-renderer.ts';

/** Stamps are logos and signatures: 2000 px on the longest side is sharp at any print size. */
const MAX_STAMP_SIDE_PX = 2000;
const MAX_INPUT_PIXELS = 40_000_000;
/** SVG is drawn at print resolution, unless its cost or the largest stamp size says less. */
const SVG_DPI = 300;
const READABLE = new Set(['png', 'jpeg', 'webp', 'gif', 'avif', 'heif', 'svg', 'tiff']);

const refuse = (message: string) => new AppError('INVALID_IMAGE', 400, message);

/** A stamp picture read from its header (and, for SVG, its markup), not yet decoded. */
export type StampPicture = {
  input: Buffer;
  /** Pixels the decode produces: the file's own for pictures, the planned raster for SVG. */
  pixels: number;
  /** Dots per inch SVG is rendered at; 72 (no scaling) for pictures. */
  density: number;
  /**
   * The work of decoding it, in pixels: a picture's own; an SVG's drawing cost (`svg-cost.ts`)
   * turned into the pixels that take as long, so the most complex one counts as 40 megapixels.
   */
  work: number;
  /** Drawn in a process of its own, within SVG_RENDER_TIMEOUT_MS (`svg-renderer.ts`). */
  isSvg: boolean;
};

const refuseDeclaredSize = (width: number, height: number) =>
  refuse(
    `This SVG stamp declares a size of ${width} × ${height} px, too large to draw. ` +
      'Please set its width and height to its real size.',
  );

const svgPixelsAt = async (input: Buffer, density: number) => {
  try {
    const meta = await imageWork(() =>
      sharp(input, { density, limitInputPixels: false }).metadata(),
    );
    return (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    throw refuse('This SVG stamp cannot be read. Please save it as a plain SVG file.');
  }
};

/**
 * The density to give librsvg so that an SVG of this drawing cost renders at the pixels it may
 * have (`svgRenderPixels`, at most 300 dpi and 2000 px a side), checked with librsvg's own sizing
 * (a header read): sizes in px grow with the density, sizes in mm or in grow with its square.
 */
const svgPlan = async (input: Buffer, cost: number, width: number, height: number) => {
  const atPrint = (SVG_DPI / 72) ** 2 * width * height;
  const longest = Math.max(width, height);
  const target = Math.min(
    svgRenderPixels(cost),
    atPrint,
    width * height * (MAX_STAMP_SIDE_PX / longest) ** 2,
  );
  // sharp takes a density from 1 dpi: a larger declared size cannot be drawn small enough.
  const checked = (density: number) => {
    if (density < 1) throw refuseDeclaredSize(width, height);
    return density;
  };
  let density = checked(72 * Math.sqrt(target / (width * height)));
  let pixels = await svgPixelsAt(input, density);
  if (pixels > target * 1.01) {
    density = checked(density * (target / pixels) ** 0.25);
    pixels = await svgPixelsAt(input, density);
  }
  if (pixels > target * 1.05) throw refuseDeclaredSize(width, height);
  const work = Math.max(pixels, (svgWork(cost, pixels) / MAX_SVG_WORK) * MAX_INPUT_PIXELS);
  return { density, pixels, work };
};

/**
 * Reads a stamp picture (a data: URI) far enough to know what decoding it costs, and refuses it
 * if that is too much: an SVG is checked before librsvg sees it (`svg-cost.ts`).
 */
export const inspectStampPicture = async (dataUri: string): Promise<StampPicture> => {
  const match = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]+)$/i.exec(dataUri);
  if (!match?.[1]) throw refuse('A stamp picture must be sent as a base64 data: URI.');
  const input = Buffer.from(match[1], 'base64');
  if (isGzip(input)) throw refuse('Compressed SVG (.svgz) is not accepted. Please upload an SVG.');
  // Anything librsvg still reads as SVG without this check seeing it is refused below.
  const svgCost = looksLikeSvg(input) ? svgDrawingCost(input) : undefined;
  let meta: sharp.Metadata;
  try {
    // A header read, no pixels decoded: the size is judged below, with a clear message.
    meta = await imageWork(() => sharp(input, { limitInputPixels: false }).metadata());
  } catch {
    throw refuse(
      'This stamp picture cannot be read. Please use PNG, JPEG, WebP, GIF, AVIF or SVG.',
    );
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (!READABLE.has(meta.format ?? '')) {
    throw refuse(
      'This stamp picture format is not supported. Please use PNG, JPEG, WebP, GIF, AVIF or SVG.',
    );
  }
  if (meta.format === 'svg') {
    // librsvg found an SVG the check above did not see as one: never draw it unchecked.
    if (svgCost === undefined || !width || !height) {
      throw refuse('This SVG stamp cannot be read. Please save it as a plain SVG file.');
    }
    return { input, isSvg: true, ...(await svgPlan(input, svgCost, width, height)) };
  }
  if (width * height > MAX_INPUT_PIXELS) {
    throw refuse('This stamp picture is too large (over 40 megapixels).');
  }
  return { input, isSvg: false, pixels: width * height, density: 72, work: width * height };
};

/** Every SVG stamp of this server is drawn by one child process, one drawing at a time. */
const svgRenderer = createSvgRenderer();

/** The planned size, with room for rounding: nothing larger is ever decoded. */
const pixelLimitOf = (picture: StampPicture) => Math.ceil(picture.pixels * 1.01) + 4_000;

const renderSvg = async (picture: StampPicture): Promise<Buffer> => {
  try {
    return await imageWork(() =>
      svgRenderer.render({
        svg: picture.input,
        density: picture.density,
        limitInputPixels: pixelLimitOf(picture),
        maxSidePx: MAX_STAMP_SIDE_PX,
      }),
    );
  } catch (error) {
    if (error instanceof SvgRenderError && error.reason === 'too-long') {
      throw refuse(
        'This SVG stamp takes too long to draw. Please simplify it or upload it as a PNG.',
      );
    }
    throw refuse('This stamp picture is damaged and cannot be read.');
  }
};

/**
 * Turns an inspected stamp picture into a PNG. Everything is decoded and re-encoded, so nothing
 * but pixels survives; SVG is rasterised by librsvg, which runs no script and, reading from
 * memory, has no base location to fetch linked files from.
 */
export const renderStampPicture = async (picture: StampPicture): Promise<Buffer> => {
  if (picture.isSvg) return renderSvg(picture);
  try {
    return await imageWork(() =>
      sharp(picture.input, { limitInputPixels: pixelLimitOf(picture), density: picture.density })
        .rotate()
        .resize(MAX_STAMP_SIDE_PX, MAX_STAMP_SIDE_PX, { fit: 'inside', withoutEnlargement: true })
        .png()
        .toBuffer(),
    );
  } catch {
    throw refuse('This stamp picture is damaged and cannot be read.');
  }
};
