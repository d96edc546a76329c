import { describe, expect, it } from 'vitest';
import {
  blankLike,
  hasImagePreview,
  kindOf,
  kindsOfPayload,
  payloadPreview,
} from './field-kinds.ts';

describe('form typing rules (product.md#validation)', () => {
  it.each([
    ['paid', true, 'checkbox'],
    ['total', 1280.5, 'number'],
    ['contact', 'ada@example.com', 'email'],
    ['websiteUrl', 'https://example.com', 'url'],
    ['image', 'data:image/png;base64,iVBOR', 'url'],
    ['logoImage', '', 'url'],
    ['issuedOn', '2025-03-14', 'date'],
    ['createdAt', '2025-03-14T10:00:00Z', 'date'],
    ['story', 'x'.repeat(121), 'textarea'],
    ['title', 'x'.repeat(120), 'text'],
    ['name', 'Jane Doe', 'text'],
  ] as const)('%s = %j → %s', (name, value, kind) => {
    expect(kindOf(name, value)).toBe(kind);
  });

  it('applies the rules in order: an e-mail value wins over an image name', () => {
    expect(kindOf('imageOwner', 'a@b.co')).toBe('email');
  });

  it('previews pictures for image, avatar and photo names', () => {
    expect(['image', 'userAvatar', 'Photo', 'name'].map(hasImagePreview)).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('adds array items shaped like the existing ones', () => {
    expect([blankLike([true]), blankLike([3]), blankLike(['a']), blankLike([])]).toEqual([
      false,
      0,
      '',
      '',
    ]);
  });
});

describe('form inputs keep their kind while the user edits', () => {
  const example = {
    issuedOn: '2025-03-14',
    title: 'Invoice',
    total: 12.5,
    contact: 'ada@example.com',
    lines: ['first line'],
    paid: true,
  };
  const kinds = kindsOfPayload(example);

  it("gives a table's rows a rows editor, and a list of texts its list", () => {
    expect(kindsOfPayload({ Lines: [{ Item: 'Paper' }], Names: ['a'] })).toEqual({
      Lines: 'table',
      Names: 'text',
    });
  });

  it("gives the template's choice fields a select, whatever their example", () => {
    expect(kindsOfPayload({ size: 's', title: 'x' }, [], ['size'])).toEqual({
      size: 'choice',
      title: 'text',
    });
  });

  it("gives the template's long text fields a text area, however short their example", () => {
    expect(kindsOfPayload({ notes: 'Notes', title: 'x' }, [], [], ['notes'])).toEqual({
      notes: 'textarea',
      title: 'text',
    });
  });

  it('decides every kind from the example payload', () => {
    expect(kinds).toEqual({
      issuedOn: 'date',
      title: 'text',
      total: 'number',
      contact: 'email',
      lines: 'text',
      paid: 'checkbox',
    });
  });

  it.each([
    ['issuedOn', ['2025-03-1', '', 'not a date', '2025-04-01'], 'date'],
    ['title', ['Invoice for March', 'x'.repeat(121), 'a@b.co', '2025-01-01', ''], 'text'],
    ['total', ['', '-', 3], 'number'],
    ['contact', ['ada@', '', 'ada@example.org'], 'email'],
  ] as const)('%s typed through %j stays a %s input', (name, states, kind) => {
    // Judged by its value, the field would change kind on the way (what the form must not do).
    expect(new Set(states.map((state) => kindOf(name, state))).size).toBeGreaterThan(1);
    for (const state of states) {
      expect(kindsOfPayload(example)[name], `after typing ${JSON.stringify(state)}`).toBe(kind);
    }
  });

  it('gives array items the kind of the first example item, text for an empty list', () => {
    expect(kindsOfPayload({ dates: ['2025-03-14'], notes: [], photoUrl: [] })).toEqual({
      dates: 'date',
      notes: 'text',
      photoUrl: 'url',
    });
  });
});

describe('image fields of the template', () => {
  const picture = `data:image/png;base64,${'A'.repeat(4000)}`;

  it('get a picture input whatever their names, the others keep product.md#validation typing', () => {
    expect(
      kindsOfPayload({ signature: picture, logoImage: picture, note: 'x' }, ['signature']),
    ).toEqual({ signature: 'image', logoImage: 'url', note: 'text' });
  });

  it('show in the payload preview as a short placeholder with type and size', () => {
    const preview = payloadPreview({ templateName: 'T', fields: { signature: picture } });
    expect(preview).toContain('"signature": "data:image/png;base64,… (2.9 kB)"');
    expect(preview).not.toContain('AAAA');
    expect(payloadPreview({ logo: 'https://example.com/a.png', dot: 'data:,x' })).toContain(
      '"logo": "https://example.com/a.png"',
    );
  });
});
