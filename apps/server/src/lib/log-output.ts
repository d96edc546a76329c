import type { Writable } from 'node:stream';
import type { DestinationStream } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from '../config.ts';

/**
 * Where the server's log lines go when no destination is given: readable, coloured lines in a
 * developer's terminal; JSON lines (pino's own, on stdout) everywhere else — production, tests,
 * CI, and any pipe, which is where a log collector or `npm test`'s log scan reads them.
 */
export const terminalLogOutput = (
  env: Config['env'] | undefined,
  stdout: Writable & { isTTY?: boolean } = process.stdout,
): DestinationStream | undefined =>
  env === 'development' && stdout.isTTY
    ? pretty({
        destination: stdout,
        colorize: true,
        translateTime: 'SYS:HH:MM:ss.l',
        ignore: 'pid,hostname',
      })
    : undefined;
