import { describe, expect, it } from 'vitest';
import { blankLike, hasImagePreview, kindOf, toDateInputValue } from './field-kinds.ts';

describe('form typing rules (SPEC §5)', () => {
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

  it('keeps the day of a date-time for the date input', () => {
    expect(toDateInputValue('2025-03-14T10:00:00Z')).toBe('2025-03-14');
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
