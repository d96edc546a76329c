/** The batch section of RESULTS.md: every round, then the medians (and the baseline's, if run). */
import { fmt, markdownTable, median, type Column } from '../table.ts';
import type { BatchResults, BatchRound } from './run-batch.ts';

const MB = 1e6;

const COLUMNS: Column[] = [
  'round',
  'docs/s',
  's',
  's (server: created → finished)',
  'server CPU s',
  'ZIP MB',
  'ZIP MB/s',
  'RSS before (MB)',
  'RSS at 25 / 50 / 75 % (MB)',
  'peak RSS (MB)',
  'RSS after (MB)',
  'download MB/s',
].map((title) => ({ title, isNumber: !['round', 'RSS at 25 / 50 / 75 % (MB)'].includes(title) }));

const roundRow = (r: BatchRound, i: number) => [
  String(i + 1),
  fmt(r.docsPerSecond),
  fmt(r.seconds, 2),
  fmt(r.serverSeconds, 2),
  fmt(r.cpuSeconds, 1),
  fmt(r.zipBytes / MB),
  fmt(r.zipBytes / MB / r.seconds),
  fmt(r.rssBeforeMb),
  r.rssAtQuartersMb.map((v) => fmt(v)).join(' / '),
  fmt(r.peakRssMb),
  fmt(r.rssAfterMb),
  fmt(r.zipBytes / MB / r.downloadSeconds),
];

/** The rounds' table and a line of their medians. */
const roundsOf = (rounds: BatchRound[]) => {
  const med = (pick: (r: BatchRound) => number) => median(rounds.map(pick));
  return [
    ...markdownTable(COLUMNS, rounds.map(roundRow)),
    '',
    `Median: **${fmt(med((r) => r.docsPerSecond))} docs/s**, ` +
      `${fmt(med((r) => r.zipBytes / MB / r.seconds))} MB/s of ZIP, ` +
      `${fmt(
        med((r) => (1000 * r.cpuSeconds) / r.items),
        2,
      )} ms of server CPU per document; ` +
      `RSS ${fmt(med((r) => r.rssBeforeMb))} MB before, peak ${fmt(med((r) => r.peakRssMb))} MB ` +
      `(every ZIP held ${rounds.map((r) => fmt(r.zipEntries)).join(' / ')} entries).`,
  ];
};

export const batchSection = (b: BatchResults) =>
  [
    `## Batch: ${fmt(b.items)} A4 documents to a ZIP through the server`,
    '',
    `POST /v1/document/batch (${fmt(b.items)} items, six text fields each, values different in every item, ` +
      '`output: zip`) to the product server on SQLite, its results on disk under its DATA_DIR; timed from the ' +
      'POST until GET /v1/jobs/:id (polled every 50 ms) says succeeded. The server ran a ' +
      `${fmt(b.warmUpItems)}-item batch first. RSS is the server process's (all threads), sampled every 25 ms; ` +
      `the peak is also read from VmHWM${b.isPeakReset ? ', reset before each POST' : ''}. ` +
      'Download: GET /v1/jobs/:id/results/zip written to a file.',
    '',
    ...roundsOf(b.rounds),
    '',
    ...(b.baseline
      ? [
          `Baseline: the server of \`${b.baseline.root}\`, each of its rounds right after the round above of the same number.`,
          '',
          ...roundsOf(b.baseline.rounds),
          '',
        ]
      : []),
  ].join('\n');
