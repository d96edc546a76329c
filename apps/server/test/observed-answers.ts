import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RUN_DIR_VARIABLE } from './run-log.ts';

/**
 * What the API suites actually received, kept so that the run's end can hold it against the API
 * document (`answers-check.ts`): one line per distinct method, path, status and content type.
 */
export type ObservedAnswer = { method: string; url: string; status: number; type: string | null };

const seen = new Set<string>();

export const recordAnswer = (answer: ObservedAnswer) => {
  const dir = process.env[RUN_DIR_VARIABLE];
  const line = JSON.stringify(answer);
  if (!dir || seen.has(line)) return;
  seen.add(line);
  appendFileSync(join(dir, `answers-${process.pid}.jsonl`), `${line}\n`);
};

export const readAnswers = (dir: string): ObservedAnswer[] =>
  [
    ...new Set(
      readdirSync(dir)
        .filter((file) => file.startsWith('answers-'))
        .flatMap((file) => readFileSync(join(dir, file), 'utf8').split('\n').filter(Boolean)),
    ),
  ].map((line) => JSON.parse(line) as ObservedAnswer);
