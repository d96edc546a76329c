import { describe, expect, it } from 'vitest';
import {
  fillTemplate,
  parseTemplate,
  placeholderLabels,
  renamePlaceholder,
} from './placeholders.ts';

const values: Record<string, string> = { 'First name': 'Ada', 'Last name': 'Lovelace' };

describe('text with placeholders', () => {
  it('fills each placeholder with the text its label prints, keeping the rest as written', () => {
    expect(fillTemplate('Dear {First name} {Last name},', (label) => values[label])).toBe(
      'Dear Ada Lovelace,',
    );
  });

  it('reads a label trimmed, and each label once in order of appearance', () => {
    expect(placeholderLabels('{ Last name }, {First name} {Last name}')).toEqual([
      'Last name',
      'First name',
    ]);
  });

  it('prints empty braces, an unclosed brace and a stray closing brace as they are', () => {
    const template = 'a {} b { c } d {never closed';
    expect(placeholderLabels(template)).toEqual(['c']);
    expect(fillTemplate('{} x } {open', () => 'X')).toBe('{} x } {open');
  });

  it('takes the last opening brace before a closing one: {{Name} is a brace and a placeholder', () => {
    expect(parseTemplate('{{First name}')).toEqual([
      { text: '{' },
      { label: 'First name', source: '{First name}' },
    ]);
  });

  it('keeps a placeholder the caller does not know as written, for a later step to fill', () => {
    expect(fillTemplate('Page {page} of {pages}, {First name}', (label) => values[label])).toBe(
      'Page {page} of {pages}, Ada',
    );
  });

  it('reads a text of a hundred thousand opening braces in one pass', () => {
    const hostile = '{'.repeat(100_000) + 'x}';
    expect(placeholderLabels(hostile)).toEqual(['x']);
  });

  it('renames a label in every placeholder that names it, the rest kept as written', () => {
    const template = 'Dear { Name }, {Names} {{Name}} and {Name}';
    expect(renamePlaceholder(template, 'Name', ' Given name ')).toBe(
      'Dear {Given name}, {Names} {{Given name}} and {Given name}',
    );
    expect(renamePlaceholder(template, 'Name', '')).toBe(template);
    expect(renamePlaceholder(template, 'Name', 'a}b')).toBe(template);
  });
});
