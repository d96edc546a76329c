import sharp from 'sharp';
import { AppError } from '../../lib/app-error.ts';
import { imageWork, isGzip, looksLikeSvg } from '../../lib/image-work.ts';

/** Pictures are shown at 150 px; 512 px keeps them sharp on dense screens. */
const PICTURE_SIZE_PX = 512;
/** Refused from the header, before any pixel is decoded (pixel floods, security.md §36). */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);

const invalidImage = (message: string) => new AppError('INVALID_IMAGE', 400, message);

/**
 * Decodes an uploaded picture and re-encodes it as a square PNG. Re-encoding drops metadata
 * (location, camera) and anything smuggled in the file. SVG is refused: it can carry script.
 */
export const normalisePicture = async (input: Buffer): Promise<Buffer> => {
  // Refused before sharp: even a header read makes librsvg parse the whole document.
  if (looksLikeSvg(input) || isGzip(input)) {
    throw invalidImage('Please upload a PNG, JPEG, WebP or GIF picture.');
  }
  let format: string | undefined;
  let pixels = 0;
  try {
    const meta = await imageWork(() => sharp(input, { limitInputPixels: false }).metadata());
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    throw invalidImage(
      'This file is not an image we can read. Please upload a PNG, JPEG, WebP or GIF.',
    );
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw invalidImage('Please upload a PNG, JPEG, WebP or GIF picture.');
  }
  if (pixels > MAX_INPUT_PIXELS) {
    throw invalidImage('This picture is too large. Please upload one under 40 megapixels.');
  }
  try {
    return await imageWork(() =>
      sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate() // honour the EXIF orientation before it is stripped
        .resize(PICTURE_SIZE_PX, PICTURE_SIZE_PX, { fit: 'cover', withoutEnlargement: true })
        .png()
        .toBuffer(),
    );
  } catch {
    throw invalidImage('This picture is damaged and cannot be read.');
  }
};
