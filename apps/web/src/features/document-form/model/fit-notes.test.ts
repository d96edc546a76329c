import { describe, expect, it } from 'vitest';
import { firstNoted, fitNotesOf, fitSummary } from './fit-notes.ts';

const header = JSON.stringify({
  Name: { result: 'fitted', fontSize: 12 },
  Street: { result: 'truncated', fontSize: 6 },
  City: { result: 'shrunk', fontSize: 8.25 },
  Family: { result: 'missing_glyphs', fontSize: 12, missingGlyphs: ['ก'] },
  Notes: { result: 'wrapped', fontSize: 12 },
});

describe('the fit notes of the Form tab', () => {
  it('marks cut off, shrunk and missing characters, and nothing that printed whole', () => {
    const notes = fitNotesOf(header);
    expect(Object.keys(notes)).toEqual(['Street', 'City', 'Family']);
    expect(notes.Street?.didNotFit).toBe(true);
    expect(notes.Street?.text).toMatch(/^Cut off: .* 6 pt/);
    expect(notes.City).toEqual({ didNotFit: false, text: 'Shrunk to 8.3 pt to fit its box.' });
    expect(notes.Family?.text).toBe('Characters left out: no font has ก (U+0E01).');
  });

  it('counts the fields that did not fit, in the words of one or many', () => {
    expect(fitSummary(fitNotesOf(header))).toBe('2 fields did not fit');
    const one = fitNotesOf(JSON.stringify({ A: { result: 'truncated', fontSize: 6 } }));
    expect(fitSummary(one)).toBe('1 field did not fit');
    const shrunk = fitNotesOf(JSON.stringify({ A: { result: 'shrunk', fontSize: 9 } }));
    expect(fitSummary(shrunk)).toBe('1 field was shrunk to fit');
    expect(fitSummary({})).toBeNull();
  });

  it('shows first the first field in form order that did not fit', () => {
    const notes = fitNotesOf(header);
    expect(firstNoted(['Name', 'City', 'Family', 'Street'], notes)).toBe('Family');
    expect(firstNoted(['City'], notes)).toBe('City');
    expect(firstNoted(['Name'], notes)).toBeUndefined();
  });

  it('reads a missing or broken header as no notes', () => {
    expect(fitNotesOf(null)).toEqual({});
    expect(fitNotesOf('{not json')).toEqual({});
    expect(fitNotesOf('[1]')).toEqual({});
  });
});
