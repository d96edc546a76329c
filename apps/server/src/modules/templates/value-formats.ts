import { createValueFormats } from '@platen/contract';
import * as dateLocales from 'date-fns/locale';

/** Field formats (the contract's value-formats.ts) with every date-fns locale. */
export const { formatProblem, formatValue, describeFormat } = createValueFormats(dateLocales);
