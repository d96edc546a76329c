import * as barrel from 'date-fns/locale';
import { describe, expect, it } from 'vitest';
import { formatValue, lazyDateLocales } from './value-formats.ts';

describe('the server’s date-fns locales', () => {
  it('are every locale date-fns exports, by the same names', () => {
    const locales = lazyDateLocales();
    const names = Object.keys(barrel).filter((name) => name !== 'default');
    expect(Object.keys(locales).sort()).toEqual(names.sort());
    for (const name of names) {
      expect(locales[name]?.code, name).toBe(
        (barrel as Record<string, { code: string }>)[name]?.code,
      );
    }
  });

  it('print month and day names in the locale a format names, the region’s own first', () => {
    const date = (locale?: string) =>
      formatValue(
        { kind: 'date', pattern: 'EEEE d MMMM yyyy', ...(locale && { locale }) },
        '2026-01-31',
      );
    expect(date()).toBe('Saturday 31 January 2026');
    expect(date('de-AT')).toBe('Samstag 31 Jänner 2026');
    expect(date('de-CH')).toBe('Samstag 31 Januar 2026');
    expect(date('fr-CA')).toBe('samedi 31 janvier 2026');
  });
});
