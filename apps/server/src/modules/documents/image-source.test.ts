import { execFileSync } from 'node:child_process';
import type * as DnsPromises from 'node:dns/promises';
import { lookup } from 'node:dns/promises';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadImageValue, MAX_IMAGE_BYTES, type ImageNetwork } from './image-source.ts';
import { isPublicAddress } from '../../lib/public-address.ts';
import { EMBEDDED_IPV4_HOSTS, EMBEDDED_PUBLIC_IPV4 } from '../../../test/address-spellings.ts';
import { corpusBuffer } from '../../../test/corpus.ts';

// The check's look-up can be given another answer than the system's (DNS rebinding, below).
vi.mock('node:dns/promises', async (importOriginal) => {
  const dns = await importOriginal<typeof DnsPromises>();
  return { ...dns, lookup: vi.fn(dns.lookup) };
});

describe('public addresses', () => {
  it.each<[string, boolean]>([
    ['127.0.0.1', false],
    ['10.0.0.8', false],
    ['172.16.4.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['fd00::1', false],
    ['fe80::1', false],
    ['224.0.0.1', false],
    ['93.184.216.34', true],
    ['2606:2800:220:1:248:1893:25c8:1946', true],
    ...EMBEDDED_IPV4_HOSTS.map((host): [string, boolean] => [host.slice(1, -1), false]),
    // IPv4 in IPv6 is judged by the IPv4 address: NAT64 is how IPv6-only networks reach IPv4.
    ...EMBEDDED_PUBLIC_IPV4.map((address): [string, boolean] => [address, true]),
    // A local-use NAT64 prefix may put the IPv4 address at any of RFC 6052's places: each must
    // hold a public one.
    ['64:ff9b:1::808:808', false],
    ['64:ff9b:1:808:808:808:808:808', true],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version']);
    return true;
  } catch {
    console.warn(
      'openssl not found: the image download tests against a local HTTPS server are skipped.',
    );
    return false;
  }
})();

/**
 * The download path against a real HTTPS server on this machine. Loopback is allowed here only
 * through the test's own network rule; the certificate is trusted through its own CA option.
 */
describe.runIf(hasOpenssl)('downloading an image value', () => {
  let server: Server;
  let base: string;
  let network: ImageNetwork;
  let dir: string;
  let cert: string;
  let png: Buffer;
  let svgz: Buffer;
  let svg: Buffer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'platen-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    svgz = await corpusBuffer('svgz-million-rects.svgz');
    svg = await corpusBuffer('svg-script-onload-foreignobject.svg');
    server = createServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (req, res) => {
      if (req.url === '/ok.png') return res.end(png);
      if (req.url === '/moved') {
        res.writeHead(302, { location: 'https://169.254.169.254/' });
        return res.end();
      }
      if (req.url === '/huge') return res.end(Buffer.alloc(MAX_IMAGE_BYTES + 1024, 7));
      if (req.url === '/page') return res.end('<html><script>alert(1)</script></html>');
      if (req.url === '/drawing.svgz') return res.end(svgz);
      if (req.url === '/drawing.svg') return res.end(svg);
      if (req.url === '/trickle') {
        // One byte at a time: the connection never idles, only the overall deadline stops it.
        res.writeHead(200, { 'content-type': 'image/png' });
        const drip = setInterval(() => res.write('x'), 200);
        res.on('close', () => clearInterval(drip));
        return undefined;
      }
      res.writeHead(404);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `https://localhost:${(server.address() as AddressInfo).port}`;
    network = { isAllowed: (address) => address === '127.0.0.1' || address === '::1', ca: cert };
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('downloads a picture', async () => {
    const image = await loadImageValue('Logo', `${base}/ok.png`, network);
    expect(image).toMatchObject({ format: 'png', width: 8, height: 8 });
    expect((await sharp(image.bytes).metadata()).format).toBe('png');
  });

  it.each([
    ['/moved', 'URL redirects, which is not followed.'],
    ['/huge', 'is larger than 5 MB.'],
    ['/page', 'is not a picture we can read (PNG, JPEG, WebP or GIF).'],
    ['/drawing.svgz', 'is compressed (gzip, as in .svgz); send a PNG, JPEG, WebP or GIF picture.'],
    ['/drawing.svg', 'is an SVG drawing; send a PNG, JPEG, WebP or GIF picture.'],
    ['/missing', 'URL answered HTTP 404.'],
    ['/trickle', 'took longer than 5 seconds to download.'],
  ])('refuses %s', async (path, why) => {
    await expect(loadImageValue('Logo', `${base}${path}`, network)).rejects.toThrow(
      `The image for "Logo" ${why}`,
    );
  });

  it('refuses a data: URI over the size cap without decoding it', async () => {
    const base64 = 'A'.repeat(Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 8);
    await expect(loadImageValue('Logo', `data:image/png;base64,${base64}`)).rejects.toThrow(
      'The image for "Logo" is larger than 5 MB.',
    );
  });

  it('connects to the address it checked, even when DNS answers differently on connecting', async () => {
    // DNS rebinding: the check's look-up answers an allowed address (127.0.0.2), and a second
    // look-up, were the connection to make one, would answer the system's 127.0.0.1, where an
    // internal service listens on the same port.
    let internalHits = 0;
    const internal = createServer(
      { key: readFileSync(join(dir, 'key.pem')), cert },
      (_req, res) => {
        internalHits += 1;
        res.end('internal secrets');
      },
    );
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
    const { port } = internal.address() as AddressInfo;
    const checked = createServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (_req, res) =>
      res.end(png),
    );
    await new Promise<void>((resolve) => checked.listen(port, '127.0.0.2', resolve));
    try {
      vi.mocked(lookup).mockResolvedValueOnce([{ address: '127.0.0.2', family: 4 }] as never);
      const onlyChecked: ImageNetwork = {
        isAllowed: (address) => address === '127.0.0.2',
        ca: cert,
      };
      const image = await loadImageValue('Logo', `https://localhost:${port}/ok.png`, onlyChecked);
      expect(image.format).toBe('png');
      expect(internalHits).toBe(0);
    } finally {
      internal.close();
      checked.close();
    }
  });

  it('refuses loopback under the production rule, whatever the certificate', async () => {
    await expect(loadImageValue('Logo', `${base}/ok.png`)).rejects.toThrow(
      'points to a private or local address',
    );
  });
});
