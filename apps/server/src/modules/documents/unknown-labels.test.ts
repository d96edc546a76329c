import { describe, expect, it } from 'vitest';
import { closestLabel, unknownLabels } from './unknown-labels.ts';

describe('closestLabel', () => {
  const labels = ['Name of entity', 'Business name', 'City', 'Zip code'];

  it.each([
    ['Nmae of entity', 'Name of entity'],
    ['name of entity', 'Name of entity'],
    ['Busines name', 'Business name'],
    ['Cty', 'City'],
    ['Zip', undefined],
    ['Telephone', undefined],
  ])('takes %j for %j', (label, expected) => {
    expect(closestLabel(label, labels)).toBe(expected);
  });

  it('keeps to a label of 64 characters without trying every far one at length', () => {
    const long = 'x'.repeat(64);
    expect(closestLabel(`${long}y`, [long, 'y'.repeat(64)])).toBe(long);
  });
});

describe('unknownLabels', () => {
  it('names the payload’s labels the version lacks, in the payload’s order', () => {
    expect(unknownLabels(['A', 'Bee'], { Bee: 1, Bea: 2, C: 3, A: 4 })).toEqual([
      { label: 'Bea', didYouMean: 'Bee' },
      { label: 'C' },
    ]);
  });
});
