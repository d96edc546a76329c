import type { DateLocales, ValueFormat } from '@platen/contract';
import { enUS } from 'date-fns/locale/en-US';
import { useEffect, useMemo, useState } from 'react';
import { needsMoreLocales, valuePrinter, type PrintValue } from '../model/print-values.ts';

const EN_US_ONLY: DateLocales = { enUS };

/**
 * Prints values in their fields' formats as the document does. en-US month names are at hand; the
 * other 94 date-fns locales (about 130 KB compressed) come in one chunk, loaded the first time a
 * date format names one of them. Until then values print as typed.
 */
export const useValueFormats = (formats: Readonly<Record<string, ValueFormat>>): PrintValue => {
  const needsMore = needsMoreLocales(formats);
  const [allLocales, setAllLocales] = useState<DateLocales>();
  useEffect(() => {
    if (!needsMore) return;
    let isCurrent = true;
    void import('date-fns/locale').then((all) => {
      if (isCurrent) setAllLocales(all);
    });
    return () => {
      isCurrent = false;
    };
  }, [needsMore]);
  const locales = needsMore ? allLocales : EN_US_ONLY;
  return useMemo(() => valuePrinter(formats, locales), [formats, locales]);
};
