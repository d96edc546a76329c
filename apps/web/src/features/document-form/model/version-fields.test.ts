import { describe, expect, it } from 'vitest';
import { formForVersion, schemaFields } from './version-fields.ts';

const schema = {
  type: 'object',
  properties: {
    Name: { type: ['string', 'null'] },
    Paid: { type: ['boolean', 'null'] },
    Total: { type: ['number', 'string', 'null'] },
    Mail: { type: ['string', 'null'], format: 'email' },
    Logo: { type: ['string', 'null'], pattern: '^(data:|https://|$)' },
  },
};

describe("a published version's form", () => {
  it('reads the labels and their inputs from the payload schema', () => {
    expect(schemaFields(schema)).toEqual([
      { label: 'Name', kind: 'text' },
      { label: 'Paid', kind: 'checkbox' },
      { label: 'Total', kind: 'number' },
      { label: 'Mail', kind: 'email' },
      { label: 'Logo', kind: 'image' },
    ]);
    expect(schemaFields({})).toEqual([]);
  });

  it("gives a barcode's data a text input: its pattern describes text, not a picture", () => {
    const ean = { type: ['string', 'null'], pattern: '^(\\d{12}\\d?)?$' };
    expect(schemaFields({ properties: { EAN: ean } })).toEqual([{ label: 'EAN', kind: 'text' }]);
  });

  it('reads choice fields with their values and formatted dates as dates', () => {
    const fields = schemaFields({
      properties: {
        Size: { enum: ['s', 'm', null] },
        Due: { type: ['string', 'null'], format: 'date' },
      },
    });
    expect(fields).toEqual([
      {
        label: 'Size',
        kind: 'choice',
        options: [
          { value: 's', label: 's' },
          { value: 'm', label: 'm' },
        ],
      },
      { label: 'Due', kind: 'date' },
    ]);
  });

  it("keeps the draft's values and kinds for shared labels and leaves out the draft's others", () => {
    const form = formForVersion(schemaFields(schema), {
      fields: { Name: 'Ada', Extra: 'x', Mail: 'a@b.co' },
      kinds: { Name: 'text', Extra: 'text', Mail: 'email' },
    });
    expect(form.fields).toEqual({ Name: 'Ada', Paid: false, Total: '', Mail: 'a@b.co', Logo: '' });
    expect(form.kinds).toEqual({
      Name: 'text',
      Paid: 'checkbox',
      Total: 'number',
      Mail: 'email',
      Logo: 'image',
    });
  });

  it("prefills the version's other fields with the server's examples, a choice with its value", () => {
    const fields = schemaFields({
      properties: {
        Name: { type: ['string', 'null'], examples: ['Jane Doe'] },
        Position: { enum: ['eng', 'mgr', null], examples: ['eng'] },
        Note: { type: ['string', 'null'] },
      },
    });
    expect(fields.map((field) => field.example)).toEqual(['Jane Doe', 'eng', undefined]);
    const form = formForVersion(fields, { fields: { Name: 'Ada' }, kinds: { Name: 'text' } });
    expect(form.fields).toEqual({ Name: 'Ada', Position: 'eng', Note: '' });
  });
});
