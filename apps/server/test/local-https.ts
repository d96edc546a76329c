import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ImageNetwork } from '../src/modules/documents/image-source.ts';

/** Whether openssl is there to make the local server's certificate; suites skip loudly without. */
export const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version']);
    return true;
  } catch {
    console.warn('openssl not found: the tests against a local HTTPS server are skipped.');
    return false;
  }
})();

export type LocalHttps = {
  /** `https://localhost:<port>` */
  base: string;
  /** The image rule that allows this server (loopback) and trusts its certificate. */
  network: ImageNetwork;
  key: Buffer;
  cert: string;
  close: () => void;
};

/**
 * A real HTTPS server on loopback with a self-signed certificate for `localhost`, for image
 * downloads: the app reaches it only through the `network` rule the test passes in.
 */
export const startLocalHttps = async (
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<LocalHttps> => {
  const dir = mkdtempSync(join(tmpdir(), 'platen-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1'],
        ...['-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'],
        ...['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
      ],
      { stdio: 'ignore' },
    );
    const key = readFileSync(join(dir, 'key.pem'));
    const cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
    const server: Server = createServer({ key, cert }, handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      base: `https://localhost:${(server.address() as AddressInfo).port}`,
      network: { isAllowed: (address) => address === '127.0.0.1' || address === '::1', ca: cert },
      key,
      cert,
      close: () => {
        server.closeAllConnections();
        server.close();
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
