import { createRequire } from 'node:module';
import { createValueFormats, type DateLocales } from '@platen/contract';
import type { Locale } from 'date-fns/locale';

const require = createRequire(import.meta.url);

/**
 * Every date-fns locale by its export name (`de`, `deAT`, `enUS`…), each read from disk the first
 * time a format names it. Importing all 95 (the `date-fns/locale` barrel, about 570 modules) cost
 * the server 3 s of its start on Node.js 24, which re-reads date-fns's 200 KB package.json for
 * every ES module of the package; one locale through its CommonJS build takes a few milliseconds.
 */
export const lazyDateLocales = (): DateLocales => {
  const { exports } = require('date-fns/package.json') as { exports: Record<string, unknown> };
  const locales: Record<string, Locale> = {};
  for (const subpath of Object.keys(exports)) {
    // Locale files are `./locale/de`, `./locale/de-AT`; not the barrel, `./locale/types` or `_lib`.
    const file = /^\.\/locale\/([a-z]{2,3}(?:-[A-Za-z]+)?)$/.exec(subpath)?.[1];
    if (!file) continue;
    const name = file.replace(/-(\w)/, (_, first: string) => first.toUpperCase());
    Object.defineProperty(locales, name, {
      enumerable: true,
      get: () => {
        const locale = (require(`date-fns/locale/${file}`) as Record<string, Locale>)[name];
        Object.defineProperty(locales, name, { value: locale, enumerable: true });
        return locale;
      },
      configurable: true,
    });
  }
  return locales;
};

/** Field formats (the contract's value-formats.ts) with every date-fns locale. */
export const { formatProblem, formatValue, describeFormat } = createValueFormats(lazyDateLocales());
