/*
 * The root `postinstall`: makes every script of this repository run on a supported Node.js (22 or
 * newer) even where the machine's own node is older. npm runs it after the dependencies are in.
 *
 * - npm runs on Node 22+: that node is used; nothing is downloaded.
 * - npm runs on an older node: the pinned Node.js below, from the npm registry's
 *   `node-<platform>-<arch>` package (the whole runtime, headers included), is unpacked into
 *   `.runtime/` and linked as `node_modules/.bin/node`. npm puts that folder first on PATH for
 *   every script and for npx, so `npm start`, `npm test`, `npx vitest` and the bins' own
 *   `#!/usr/bin/env node` all find it. The native addons we use (better-sqlite3 13, sharp,
 *   argon2, canvas) are Node-API prebuilds, so nothing needs compiling for it.
 *
 * This file is the one piece of ours that runs on the machine's own node (something has to, to
 * fetch the other): plain JavaScript, node: modules only. Why this way: docs/runtime.md.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

/** 22.18: the first Node.js 22 that runs TypeScript sources without a flag (its type stripping). */
const SUPPORTED = { major: 22, minor: 18 };
const RUNTIME_VERSION = '24.21.0';
/** The registry's integrity of each platform's package, checked before anything is unpacked. */
const RUNTIME_INTEGRITY = {
  'linux-x64':
    'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
  'linux-arm64':
    'sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g==',
};

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const runtimesDir = join(root, '.runtime');
const platform = `${process.platform}-${process.arch}`;
const runtimeDir = join(runtimesDir, `node-v${RUNTIME_VERSION}-${platform}`);
const runtimeNode = join(runtimeDir, 'bin', 'node');
const binLink = join(root, 'node_modules', '.bin', 'node');

const say = (message) => process.stdout.write(`[node-runtime] ${message}\n`);

/** The node that runs npm: the machine's own, unless npm itself already runs on ours. */
const npmNode = realpathSync(process.env.npm_node_execpath ?? process.execPath);
const npmNodeVersion =
  npmNode === realpathSync(process.execPath)
    ? process.versions.node
    : execFileSync(npmNode, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();

/** Our link, left from when npm ran on an older node. */
const removeOurLink = () => {
  let target = '';
  try {
    target = readlinkSync(binLink);
  } catch {
    return; // no link there
  }
  if (target.includes('.runtime')) rmSync(binLink);
};

const download = () => {
  const integrity = RUNTIME_INTEGRITY[platform];
  if (!integrity) {
    throw new Error(
      `Platen needs Node.js ${SUPPORTED.major}.${SUPPORTED.minor} or newer, and none can be fetched for ${platform}: ` +
        'install it (https://nodejs.org) and run npm install again.',
    );
  }
  const spec = `node-${platform}@${RUNTIME_VERSION}`;
  say(`fetching ${spec} from the npm registry`);
  mkdirSync(runtimesDir, { recursive: true });
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', spec, '--json', '--pack-destination', runtimesDir], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  const tarball = join(runtimesDir, packed.filename);
  try {
    if (packed.integrity !== integrity) {
      throw new Error(`${spec}: integrity ${packed.integrity}, expected ${integrity}`);
    }
    // Unpacked beside its final place and renamed, so an interrupted install leaves no half runtime.
    const unpacking = `${runtimeDir}.partial`;
    rmSync(unpacking, { recursive: true, force: true });
    mkdirSync(unpacking);
    execFileSync('tar', ['-xzf', tarball, '-C', unpacking, '--strip-components=1']);
    renameSync(unpacking, runtimeDir);
  } finally {
    rmSync(tarball, { force: true });
  }
  // Runtimes of earlier pins.
  for (const entry of readdirSync(runtimesDir)) {
    if (join(runtimesDir, entry) !== runtimeDir) {
      rmSync(join(runtimesDir, entry), { recursive: true, force: true });
    }
  }
};

const main = () => {
  const [major = 0, minor = 0] = npmNodeVersion.split('.').map(Number);
  const isSupported =
    major > SUPPORTED.major || (major === SUPPORTED.major && minor >= SUPPORTED.minor);
  if (!npmNode.startsWith(runtimesDir) && isSupported) {
    removeOurLink();
    return;
  }
  if (!existsSync(runtimeNode)) download();
  mkdirSync(dirname(binLink), { recursive: true });
  rmSync(binLink, { force: true });
  symlinkSync(relative(dirname(binLink), runtimeNode), binLink);
  say(
    `npm runs on node ${npmNodeVersion}; our scripts run on Node.js ${RUNTIME_VERSION} (.runtime/)`,
  );
};

try {
  main();
} catch (error) {
  process.stderr.write(`[node-runtime] ${error instanceof Error ? error.message : error}\n`);
  process.exit(1);
}
