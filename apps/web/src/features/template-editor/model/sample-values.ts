import type { TemplateInput } from '@platen/contract';

/** A 1×1 brand-blue PNG: a picture for image fields that needs no network. */
const SAMPLE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const byType: Record<string, unknown> = {
  text: 'Jane Doe',
  date: '2026-01-31',
  number: 42,
  email: 'jane.doe@example.com',
  long_text: 'A longer text that wraps over as many lines as its box holds.',
  linked_text: 'A text that flows from one box into the next, in the order of the boxes.',
  image: SAMPLE_PNG,
  checkbox: true,
  radio: true,
};

/**
 * Values for a sample document of a published version, keyed by its labels (the template's API
 * example names only the latest version's fields). Types the app does not know get their label
 * as text.
 */
export const sampleValues = (inputs: readonly Pick<TemplateInput, 'label' | 'type'>[]) =>
  Object.fromEntries(
    inputs.map((input) => [input.label, byType[input.type.toLowerCase()] ?? input.label]),
  );
