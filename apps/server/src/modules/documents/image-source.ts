import { request } from 'node:https';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error.ts';
import { imageWork } from '../../lib/image-work.ts';
import { isPublicAddress, pinnedLookup, resolveCheckedAddress } from '../../lib/public-address.ts';

/** security.md §38: image fetches stop at 5 s and 5 MB; data URIs are capped the same. */
export const IMAGE_FETCH_TIMEOUT_MS = 5_000;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const MAX_IMAGE_PIXELS = 40_000_000;

const refuse = (label: string, why: string) =>
  new AppError('IMAGE_NOT_ALLOWED', 400, `The image for "${label}" ${why}`);

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

/** The engine draws PNG and JPEG; anything else that is an image is converted to PNG. */
const toDrawable = async (label: string, bytes: Buffer): Promise<Uint8Array> => {
  let format: string | undefined;
  try {
    const meta = await imageWork(() => sharp(bytes, { limitInputPixels: false }).metadata());
    format = meta.format;
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_IMAGE_PIXELS)
      throw new Error('too many pixels');
  } catch {
    throw refuse(label, 'is not a picture we can read (PNG, JPEG, WebP or GIF).');
  }
  if (format === 'png' || format === 'jpeg') return new Uint8Array(bytes);
  if (format !== 'webp' && format !== 'gif') throw refuse(label, 'must be PNG, JPEG, WebP or GIF.');
  return new Uint8Array(
    await imageWork(() => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).png().toBuffer()),
  );
};

/** An image field's value (a data: URI or an https:// URL) as bytes the engine can draw. */
export const loadImageValue = async (
  label: string,
  value: unknown,
  network: ImageNetwork = publicInternet,
): Promise<Uint8Array> => {
  if (typeof value !== 'string') throw refuse(label, 'must be a data: URI or an https:// URL.');
  if (value.startsWith('data:')) return toDrawable(label, fromDataUri(label, value));
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refuse(label, 'must be a data: URI or an https:// URL.');
  }
  if (url.protocol !== 'https:') throw refuse(label, 'must use https://.');
  if (url.username || url.password) throw refuse(label, 'URL must not contain credentials.');
  return toDrawable(label, await fetchHttps(label, url, network));
};
