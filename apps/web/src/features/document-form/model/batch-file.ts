import Papa from 'papaparse';

/** A batch file as read: its columns, and its rows by the row number a spreadsheet shows. */
export type BatchTable = {
  columns: string[];
  rows: { row: number; values: Record<string, unknown> }[];
  /** Rows the file itself gets wrong (a quote left open, more cells than columns). */
  rowErrors: { row: number; reason: string }[];
};

/** The file cannot be read as a batch at all: the reason, for a person. */
export type UnreadableFile = { fileError: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The file's text: UTF-8, or Windows-1252 when it is not valid UTF-8 (what Excel writes for
 * "CSV" on Windows), so accented names survive either way.
 */
export const decodeText = (bytes: Uint8Array): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
};

/** JSON when the name says so or the text opens like a JSON array; CSV otherwise. */
export const isJsonFile = (name: string, text: string): boolean =>
  /\.json$/i.test(name) || /^\uFEFF?\s*\[/.test(text);

/**
 * A CSV file (papaparse guesses the delimiter: comma, semicolon, tab…): the header row names
 * the columns; row 1 is the header, so the first item is row 2, as a spreadsheet counts. Blank
 * rows are skipped but counted.
 */
export const readCsv = (text: string): BatchTable | UnreadableFile => {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const [header, ...records] = parsed.data;
  if (!header || header.every((cell) => cell.trim() === '')) {
    return { fileError: 'The file has no header row: its first row must name the fields.' };
  }
  const columns = header.map((cell) => cell.trim());
  const rowErrors: BatchTable['rowErrors'] = parsed.errors
    .filter((error) => error.type === 'Quotes' && error.row !== undefined)
    .map((error) => ({ row: (error.row ?? 0) + 1, reason: 'A quote is opened and not closed.' }));
  const rows: BatchTable['rows'] = [];
  records.forEach((cells, index) => {
    const row = index + 2;
    if (cells.every((cell) => cell.trim() === '')) return;
    const extra = cells.slice(columns.length).filter((cell) => cell.trim() !== '');
    if (extra.length > 0) {
      rowErrors.push({
        row,
        reason: `It has ${cells.length} cells and the header names ${columns.length} columns.`,
      });
    }
    // A short row (trailing empty cells left out) leaves its last fields blank.
    const values: Record<string, unknown> = {};
    columns.forEach((column, at) => {
      if (column !== '') values[column] = cells[at] ?? '';
    });
    rows.push({ row, values });
  });
  return { columns: columns.filter((column) => column !== ''), rows, rowErrors };
};

/** A JSON file: an array of objects, one item each (row n is the array's n-th object). */
export const readJson = (text: string): BatchTable | UnreadableFile => {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return { fileError: 'The file is not valid JSON.' };
  }
  const list = isRecord(data) && Array.isArray(data.items) ? data.items : data;
  if (!Array.isArray(list)) {
    return { fileError: 'The JSON file must hold an array of objects, one per document.' };
  }
  const columns = new Set<string>();
  const rows: BatchTable['rows'] = [];
  const rowErrors: BatchTable['rowErrors'] = [];
  list.forEach((item: unknown, index) => {
    const row = index + 1;
    if (!isRecord(item)) {
      rowErrors.push({ row, reason: 'It is not an object of values by field label.' });
      return;
    }
    for (const key of Object.keys(item)) columns.add(key);
    rows.push({ row, values: item });
  });
  return { columns: [...columns], rows, rowErrors };
};
