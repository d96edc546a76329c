/**
 * Import on the committed government forms (test-fixtures/gov-forms/):
 *   node --import tsx bench/import/gov-forms.ts          # the table, one row per form
 *   node --import tsx bench/import/gov-forms.ts --time   # the form with the most fields, timed
 * The table is packages/pdf-engine/README.md "Import on real forms" (fields counted as
 * `qpdf --json` counts them, so qpdf must be installed). Not part of `npm run bench`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  createFillEngine,
  importAcroForm,
  unlockPdf,
  type FieldSpec,
  type FieldValues,
} from '@platen/pdf-engine';

const dir = join(import.meta.dirname, '../../test-fixtures/gov-forms');

/** Fields and widgets as qpdf counts them: one field per full name. */
const qpdfCounts = (file: string) => {
  const r = spawnSync('qpdf', ['--json', '--json-key=acroform', file], { encoding: 'utf8' });
  const { acroform } = JSON.parse(r.stdout) as { acroform: { fields: { fullname: string }[] } };
  return {
    fields: new Set(acroform.fields.map((f) => f.fullname)).size,
    widgets: acroform.fields.length,
  };
};

/** A value for every field that takes one, so a generate prints on every box. */
const valuesFor = (fields: readonly FieldSpec[]): FieldValues =>
  Object.fromEntries(
    fields
      .filter((f) => !f.fixed)
      .map((f) => [
        f.label,
        f.type === 'checkbox' || f.type === 'radio'
          ? true
          : f.type === 'choice'
            ? (f.options?.[0]?.value ?? '')
            : '1234',
      ]),
  );

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const files = readdirSync(dir).filter((f) => f.endsWith('.pdf'));
const counted = files
  .map((name) => ({ name, ...qpdfCounts(join(dir, name)) }))
  .filter((f) => f.fields > 0);

/** The table: one row per form that has fields. */
const survey = async () => {
  console.log(
    '| form | fields | widgets | imported | not imported | repeated | groups | tooltip | page words | name | defaults | fixed |',
  );
  console.log('| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |');
  for (const { name, fields: inPdf, widgets } of counted) {
    const unlocked = await unlockPdf(new Uint8Array(readFileSync(join(dir, name))));
    const { fields, notImported, labelSources } = await importAcroForm(unlocked.pdf);
    const bySource = (source: string) => labelSources.filter((l) => l.source === source).length;
    const cells = [
      name + (unlocked.restrictionsRemoved ? ' (decrypted)' : ''),
      inPdf,
      widgets,
      fields.length,
      notImported.length,
      fields.filter((f) => (f.boxes?.length ?? 0) > 1 && f.type !== 'linked_text').length,
      fields.filter((f) => f.options?.some((o) => o.box)).length,
      bySource('tooltip'),
      bySource('pageWords'),
      bySource('name'),
      fields.filter((f) => f.default !== undefined && !f.fixed).length,
      fields.filter((f) => f.fixed).length,
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
};

/**
 * The form with the most fields, as an upload meets it: the first import in this process (pdf.js
 * loaded for the page words) and the first fill of a fresh engine, then five warm ones each.
 */
const time = async () => {
  const largest = counted.reduce((a, b) => (b.fields > a.fields ? b : a));
  const { pdf } = await unlockPdf(new Uint8Array(readFileSync(join(dir, largest.name))));
  const timeImport = async () => {
    const start = performance.now();
    const result = await importAcroForm(pdf);
    return { ms: performance.now() - start, result };
  };
  const first = await timeImport();
  const engine = createFillEngine();
  const values = valuesFor(first.result.fields);
  const fill = async () => {
    const start = performance.now();
    await engine.fill(first.result.pdf, first.result.fields, values, { templateKey: 'bench' });
    return performance.now() - start;
  };
  const firstFill = await fill();
  const imports: number[] = [];
  const fills: number[] = [];
  for (let i = 0; i < 5; i++) {
    imports.push((await timeImport()).ms);
    fills.push(await fill());
  }
  console.log(
    JSON.stringify({
      form: largest.name,
      fields: largest.fields,
      imported: first.result.fields.length,
      firstImportMs: Math.round(first.ms),
      firstGenerateMs: Math.round(firstFill),
      warmImportMedianMs: Math.round(median(imports)),
      warmGenerateMedianMs: Math.round(median(fills)),
    }),
  );
};

await (process.argv.includes('--time') ? time() : survey());
