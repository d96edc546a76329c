/**
 * Page numbers in text: `{page}` prints the number of the page the box is on in the finished
 * document, `{pages}` how many pages it has. They are known only here, once a table has decided
 * how often its page repeats; every other placeholder is left as it is. The one place text is
 * given values while it is drawn: other placeholders would join here.
 */

/** Where a template page landed in the finished document, for one copy of it. */
export interface PageNumbering {
  /** The 1-based number, in the document, of a 1-based template page. */
  numberOf(templatePage: number): number;
  pages: number;
}

/** Template pages as they are: page n is page n of as many as the template has. */
export const templateNumbering = (pageCount: number): PageNumbering => ({
  numberOf: (templatePage) => templatePage,
  pages: pageCount,
});

const PLACEHOLDER = /\{(page|pages)\}/g;

/** `Page {page} of {pages}` → `Page 2 of 3`; text without a brace comes back at once. */
export const withPageNumbers = (
  text: string,
  templatePage: number,
  numbering: PageNumbering,
): string => {
  if (!text.includes('{page')) return text;
  return text.replace(PLACEHOLDER, (_match, name: string) =>
    String(name === 'page' ? numbering.numberOf(templatePage) : numbering.pages),
  );
};
