import type { FieldSpec, FieldValue } from '@platen/pdf-engine';
import { describe, expect, it } from 'vitest';
import { fillTemplateFields } from './template-values.ts';

const field = (label: string, more: Partial<FieldSpec> = {}): FieldSpec => ({
  id: label,
  label,
  type: 'text',
  page: 1,
  rectX: 10,
  rectY: 10,
  rectWidth: 200,
  rectHeight: 20,
  fontSize: 12,
  fontFamily: 'helvetica',
  textAlign: 'left',
  fontColor: '#000000',
  ...more,
});

/** The text the template field prints with these values (formatted ones already formatted). */
const printed = (template: string, fields: FieldSpec[], given: Record<string, FieldValue>) => {
  const values = new Map(Object.entries(given));
  const note = field('Note', { template });
  fillTemplateFields([...fields, note], values);
  return values.get('Note');
};

describe('a template field’s text', () => {
  it('takes each named field’s value as it prints: a number, a choice’s label, linked text joined', () => {
    const fields = [
      field('Amount', { type: 'number' }),
      field('Size', { type: 'choice', options: [{ value: 'm', label: 'Medium' }] }),
      field('Address', { type: 'linked_text' }),
    ];
    const values = { Amount: 12.5, Size: 'm', Address: ['1 Main St', 'Springfield'] };
    expect(printed('{Amount} / {Size} / {Address}', fields, values)).toBe(
      '12.5 / Medium / 1 Main St Springfield',
    );
  });

  it('prints a value left out as its field’s default, else nothing', () => {
    const fields = [field('Title', { default: 'Customer' }), field('Name')];
    expect(printed('Dear {Title} {Name},', fields, { Title: '', Name: null })).toBe(
      'Dear Customer ,',
    );
  });

  it('ignores what a payload sent for the template field itself, and applies its upper case', () => {
    const values = new Map<string, FieldValue>([
      ['Name', 'Ada'],
      ['Shout', 'sent by the payload'],
    ]);
    const shout = field('Shout', { template: 'hello {Name}', format: { kind: 'uppercase' } });
    fillTemplateFields([field('Name'), shout], values);
    expect(values.get('Shout')).toBe('HELLO ADA');
  });
});
