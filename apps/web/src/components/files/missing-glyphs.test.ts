import { FIT_REPORT_HEADER } from '@platen/contract';
import { describe, expect, it } from 'vitest';
import { missingGlyphsOf } from './missing-glyphs.ts';

const headersWith = (report: string) => new Headers({ [FIT_REPORT_HEADER]: report });

describe('missingGlyphsOf', () => {
  it('names the fields whose characters no font printed, from the ASCII-escaped report', () => {
    const report = String.raw`{"Name":{"result":"fitted","fontSize":12,"missingGlyphs":["\udb80\udc00"]},"City":{"result":"fitted","fontSize":12}}`;
    expect(missingGlyphsOf(headersWith(report))).toEqual([
      { label: 'Name', characters: ['\u{f0000}'] },
    ]);
  });

  it('finds nothing without a report, or in one it cannot read', () => {
    expect(missingGlyphsOf(new Headers())).toEqual([]);
    expect(missingGlyphsOf(headersWith('not json'))).toEqual([]);
  });
});
