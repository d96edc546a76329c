import { request } from 'node:https';
import { MAX_IMAGE_PIXELS } from '@platen/pdf-engine';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error.ts';
import { imageWork } from '../../lib/image-work.ts';
import { isPublicAddress, pinnedLookup, resolveCheckedAddress } from '../../lib/public-address.ts';
import { readPictureHeader, type PictureHeader } from './image-format.ts';

/** security.md §38: image fetches stop at 5 s and 5 MB; data URIs are capped the same. */
const IMAGE_FETCH_TIMEOUT_MS = 5_000;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const refuse = (label: string, why: string) =>
  new AppError('IMAGE_NOT_ALLOWED', 400, `The image for "${label}" ${why}`, {}, {}, label);

const fromDataUri = (label: string, uri: string): Buffer => {
  const match = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]+)$/i.exec(uri);
  if (!match?.[1])
    throw refuse(label, 'must be a base64 data: URI of an image or an https:// URL.');
  if (match[1].length > (MAX_IMAGE_BYTES * 4) / 3 + 4) throw refuse(label, 'is larger than 5 MB.');
  return Buffer.from(match[1], 'base64');
};

/**
 * Which addresses may be fetched and which certificates are trusted. Production uses the public
 * internet and the system's CAs; tests open a local HTTPS server with their own certificate.
 */
export type ImageNetwork = { isAllowed: (address: string) => boolean; ca?: string };
export const publicInternet: ImageNetwork = { isAllowed: isPublicAddress };

/** Resolves the host once and checks every address; the fetch then connects to the checked one. */
const publicAddressOf = async (label: string, hostname: string, network: ImageNetwork) => {
  const target = await resolveCheckedAddress(hostname, network.isAllowed);
  if (target === 'unknown') throw refuse(label, 'could not be found (unknown host).');
  if (target === 'refused') {
    throw refuse(label, 'points to a private or local address, which is not allowed.');
  }
  return target;
};

const fetchHttps = async (label: string, url: URL, network: ImageNetwork): Promise<Buffer> => {
  const target = await publicAddressOf(label, url.hostname, network);
  return new Promise<Buffer>((resolve, reject) => {
    const req = request(
      url,
      {
        // Pin the connection to the address that was checked: no second DNS answer can sneak in.
        lookup: pinnedLookup(target),
        timeout: IMAGE_FETCH_TIMEOUT_MS,
        ...(network.ca && { ca: network.ca }),
        headers: { accept: 'image/*', 'user-agent': 'Platen image fetch' },
      },
      (res) => {
        if ((res.statusCode ?? 0) >= 300) {
          res.resume();
          const why =
            (res.statusCode ?? 0) < 400
              ? 'redirects, which is not followed.'
              : `answered HTTP ${res.statusCode}.`;
          return reject(refuse(label, `URL ${why}`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_IMAGE_BYTES) {
            req.destroy();
            reject(refuse(label, 'is larger than 5 MB.'));
          } else chunks.push(chunk);
        });
        res.on('end', () => resolve(Buffer.concat(chunks)));
        res.on('error', () => reject(refuse(label, 'could not be downloaded.')));
      },
    );
    const deadline = setTimeout(() => {
      req.destroy();
      reject(refuse(label, 'took longer than 5 seconds to download.'));
    }, IMAGE_FETCH_TIMEOUT_MS);
    req.on('close', () => clearTimeout(deadline));
    req.on('timeout', () => req.destroy());
    req.on('error', () => reject(refuse(label, 'could not be downloaded.')));
    req.end();
  });
};

/** An image value read and judged from its header: its bytes are not decoded yet. */
export type ImageValue = PictureHeader & { label: string; bytes: Buffer };

const NOT_A_PICTURE = 'is not a picture we can read (PNG, JPEG, WebP or GIF).';

/** The picture's format and size from its first bytes; what is not one of the four is refused. */
const judge = (label: string, bytes: Buffer): ImageValue => {
  const header = readPictureHeader(bytes);
  if (header === 'gzip') {
    throw refuse(
      label,
      'is compressed (gzip, as in .svgz); send a PNG, JPEG, WebP or GIF picture.',
    );
  }
  if (header === 'svg') {
    throw refuse(label, 'is an SVG drawing; send a PNG, JPEG, WebP or GIF picture.');
  }
  if (!header || header.width === 0 || header.height === 0) throw refuse(label, NOT_A_PICTURE);
  if (header.width * header.height > MAX_IMAGE_PIXELS) {
    throw refuse(
      label,
      `is ${header.width} × ${header.height} pixels; the limit is ${MAX_IMAGE_PIXELS / 1e6} megapixels.`,
    );
  }
  return { ...header, label, bytes };
};

/**
 * Pixels of pictures the worker decodes, for one document (security.md §53). The engine
 * (pdf-lib's PngEmbedder) inflates a PNG whole to RGBA, splits it into colour and alpha, and
 * deflates both again in JavaScript; a JPEG is copied as it is (six 4000 × 4000 JPEGs: 24 ms),
 * so JPEG pixels are not counted, and WebP and GIF are, since they become PNG first.
 * Measured in a worker thread (Node 24, the shared 2-core machine, busy with other work, so
 * times vary by half either way):
 * - one flat, highly compressible 4000 × 4000 (16 MP) PNG of 300 KB: 1.1-2.0 s, and 180 MB of
 *   ArrayBuffers right after decoding, 110 MB once embedded; six of them in one document: 7.2 s;
 * - the same at 2828 × 2828 (8 MP): 1.4 s, 150 MB after decoding, 85 MB embedded;
 * - two-colour noise with alpha, the slowest input for deflate (test-fixtures: 30 KB for 8 MP):
 *   16 MP 15.6 s, 7.8 MP 5.7-7.2 s, nearly all of it deflating (a native deflate at level 1
 *   does 16 MP in 0.6 s).
 * 8 megapixels keep an ordinary document near 1 s and its buffers near 150 MB, within
 * PDF_TASK_BUFFER_MB (the decode is synchronous, so the worker's buffer watch cannot see it:
 * this budget is what holds it), and the worst content inside the 10 s limit on an idle core;
 * on a crowded one the time limit stops it (422) and the worker is replaced. A cheaper deflate
 * in the engine would allow a larger budget.
 */
const MAX_DOCUMENT_IMAGE_PIXELS = 8_000_000;

const decodedPixels = (image: ImageValue) =>
  image.format === 'jpeg' ? 0 : image.width * image.height;

const megapixels = (pixels: number) => `${Math.round(pixels / 1e5) / 10} megapixels`;

/** Refuses a document whose pictures decode to more than the budget, naming them (largest first). */
export const checkImagePixels = (images: readonly ImageValue[]): void => {
  const counted = images.filter((image) => decodedPixels(image) > 0);
  const total = counted.reduce((sum, image) => sum + decodedPixels(image), 0);
  if (total <= MAX_DOCUMENT_IMAGE_PIXELS) return;
  const largestFirst = [...counted].sort((a, b) => decodedPixels(b) - decodedPixels(a));
  const named = largestFirst
    .map((image) => `"${image.label}" (${image.width} × ${image.height})`)
    .join(', ');
  throw new AppError(
    'IMAGE_NOT_ALLOWED',
    400,
    `The PNG, WebP and GIF pictures of one document may hold ${megapixels(MAX_DOCUMENT_IMAGE_PIXELS)} ` +
      `in all; these hold ${megapixels(total)}: ${named}. Send smaller pictures, or photos as JPEG.`,
    {},
    {},
    largestFirst[0]?.label,
  );
};

/** Bytes the engine can draw: PNG and JPEG as they came, WebP and GIF converted to PNG. */
export const toDrawable = async (image: ImageValue): Promise<Uint8Array> => {
  if (image.format === 'png' || image.format === 'jpeg') return new Uint8Array(image.bytes);
  try {
    return new Uint8Array(
      await imageWork(() =>
        sharp(image.bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).png().toBuffer(),
      ),
    );
  } catch {
    throw refuse(image.label, NOT_A_PICTURE);
  }
};

/**
 * An image field's value (a data: URI or an https:// URL), read and judged by its header; no
 * decoder has seen it yet (see toDrawable).
 */
export const loadImageValue = async (
  label: string,
  value: unknown,
  network: ImageNetwork = publicInternet,
): Promise<ImageValue> => {
  if (typeof value !== 'string') throw refuse(label, 'must be a data: URI or an https:// URL.');
  if (value.startsWith('data:')) return judge(label, fromDataUri(label, value));
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refuse(label, 'must be a data: URI or an https:// URL.');
  }
  if (url.protocol !== 'https:') throw refuse(label, 'must use https://.');
  if (url.username || url.password) throw refuse(label, 'URL must not contain credentials.');
  return judge(label, await fetchHttps(label, url, network));
};
