import type { FieldSpec, FieldType } from '@platen/pdf-engine';

/** A 16×16 brand-blue PNG: a working value for image fields that needs no network. */
const SAMPLE_PNG_DATA_URI =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAHUlEQVR4nGNQ6n72nxLMMGrA/9EweDYaBt3DIgwAaUmSH6Bn+N4AAAAASUVORK5CYII=';

const EXAMPLES: Record<FieldType, unknown> = {
  text: 'Jane Doe',
  date: '2026-01-31',
  number: 42,
  email: 'jane.doe@example.com',
  long_text:
    'This longer text wraps over as many lines as its box holds, and shrinks when it needs to.',
  linked_text: 'A text that flows from one box into the next, in the order of the boxes.',
  image: SAMPLE_PNG_DATA_URI,
  checkbox: true,
  radio: true,
};

/** A realistic value per field, keyed by label: the template's `api.fields` and the tryout. */
export const exampleValues = (fields: readonly FieldSpec[]): Record<string, unknown> =>
  Object.fromEntries(fields.map((field) => [field.label, EXAMPLES[field.type]]));

// Single quotes keep the shell from expanding anything; a quote inside becomes '\''.
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** A curl command that generates a real document when pasted into a shell. */
export const curlCommand = (opts: { appUrl: string; apiKey: string; payload: unknown }): string =>
  [
    `curl -X POST ${shellQuote(`${opts.appUrl}/v1/document/generate/template`)}`,
    `  -H 'Content-Type: application/json'`,
    `  -H ${shellQuote(`x-api-key: ${opts.apiKey}`)}`,
    `  -d ${shellQuote(JSON.stringify(opts.payload))}`,
    `  -o document.pdf`,
  ].join(' \\\n');
