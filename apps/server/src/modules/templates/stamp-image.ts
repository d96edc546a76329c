import sharp from 'sharp';
import { AppError } from '../../lib/app-error.ts';

/** Stamps are logos and signatures: 2000 px on the longest side is sharp at any print size. */
const MAX_STAMP_SIDE_PX = 2000;
const MAX_INPUT_PIXELS = 40_000_000;
const READABLE = new Set(['png', 'jpeg', 'webp', 'gif', 'avif', 'heif', 'svg', 'tiff']);

const refuse = (message: string) => new AppError('INVALID_IMAGE', 400, message);

/**
 * Turns an uploaded stamp picture (a data: URI) into a PNG. Everything is decoded and re-encoded,
 * so nothing but pixels survives; SVG is rasterised by librsvg, which runs no script and, reading
 * from memory, has no base location to fetch linked files from.
 */
export const stampPng = async (dataUri: string): Promise<Buffer> => {
  const match = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]+)$/i.exec(dataUri);
  if (!match?.[1]) throw refuse('A stamp picture must be sent as a base64 data: URI.');
  const input = Buffer.from(match[1], 'base64');
  let format: string | undefined;
  try {
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    format = meta.format;
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) format = 'too-large';
  } catch {
    throw refuse(
      'This stamp picture cannot be read. Please use PNG, JPEG, WebP, GIF, AVIF or SVG.',
    );
  }
  if (format === 'too-large') throw refuse('This stamp picture is too large (over 40 megapixels).');
  if (!format || !READABLE.has(format)) {
    throw refuse(
      'This stamp picture format is not supported. Please use PNG, JPEG, WebP, GIF, AVIF or SVG.',
    );
  }
  try {
    return await sharp(input, {
      limitInputPixels: MAX_INPUT_PIXELS,
      density: format === 'svg' ? 300 : 72,
    })
      .rotate()
      .resize(MAX_STAMP_SIDE_PX, MAX_STAMP_SIDE_PX, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    throw refuse('This stamp picture is damaged and cannot be read.');
  }
};
