import { stampImageTypes } from '@platen/contract';

export type StampImage = { dataUri: string; width: number; height: number };

/*
 * product.md#validation offers BMP and ICO pictures for stamps, but the server's image library cannot decode
 * them (it answers 400). The browser can: such a picture is drawn onto a canvas here and placed
 * as a PNG, so what is saved is a PNG. Every other type goes up as picked, and the server
 * re-encodes it.
 */
const DECODED_IN_BROWSER: ReadonlySet<string> = new Set([
  'image/bmp',
  'image/x-bmp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
]);

/** Whether a picked file may become a stamp (by its type, as the picker reports it). */
export const isStampImageType = (type: string): boolean =>
  (stampImageTypes as readonly string[]).includes(type) || DECODED_IN_BROWSER.has(type);

/** Whether the picture is turned into a PNG before it is placed. */
export const isDecodedInBrowser = (type: string): boolean => DECODED_IN_BROWSER.has(type);

const readAsDataUri = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file cannot be read.'));
    reader.readAsDataURL(blob);
  });

const loadImage = (src: string) =>
  new Promise<HTMLImageElement | undefined>((resolve) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => resolve(undefined);
    image.src = src;
  });

/** The picture's own size in pixels; pictures without one (some SVGs) count as a square. */
const naturalSize = async (src: string) => {
  const image = await loadImage(src);
  return { width: image?.naturalWidth || 300, height: image?.naturalHeight || 300 };
};

type Decoded = { source: CanvasImageSource; width: number; height: number; close?: () => void };

/** createImageBitmap decodes off the main thread; an <img> is the fallback where it refuses. */
const decode = async (file: File): Promise<Decoded> => {
  try {
    const bitmap = await createImageBitmap(file);
    const { width, height } = bitmap;
    return { source: bitmap, width, height, close: () => bitmap.close() };
  } catch {
    const image = await loadImage(await readAsDataUri(file));
    if (!image?.naturalWidth) throw new Error('This picture cannot be read.');
    return { source: image, width: image.naturalWidth, height: image.naturalHeight };
  }
};

const toPng = async (file: File): Promise<StampImage> => {
  const decoded = await decode(file);
  const canvas = document.createElement('canvas');
  canvas.width = decoded.width;
  canvas.height = decoded.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot convert the picture.');
  context.drawImage(decoded.source, 0, 0);
  decoded.close?.();
  return { dataUri: canvas.toDataURL('image/png'), width: canvas.width, height: canvas.height };
};

/** A picked picture as the data: URI to place, with its size in pixels. */
export const readStampImage = async (file: File): Promise<StampImage> => {
  if (isDecodedInBrowser(file.type)) return toPng(file);
  const dataUri = await readAsDataUri(file);
  return { dataUri, ...(await naturalSize(dataUri)) };
};
