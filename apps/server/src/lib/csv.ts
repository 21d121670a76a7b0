/**
 * The one CSV writer (RFC 4180): cells holding a comma, a semicolon, a double quote or a line break are quoted, with
 * quotes doubled; lines end in CRLF. Cells a spreadsheet would read as a formula (starting with =, +, -,
 * @, tab or carriage return) are prefixed with a single quote, so they open as text (OWASP, CSV
 * injection). Files start with a UTF-8 byte-order mark so that spreadsheet programs read them as UTF-8.
 */
import { Readable } from 'node:stream';

export type CsvCell = string | number | boolean | Date | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
// A semicolon too: spreadsheets in many locales split on it, and an unquoted "a;=1+1" would open as a formula.
const NEEDS_QUOTES = /[",;\r\n]/;

/** The UTF-8 byte-order mark. */
export const CSV_BOM = '\uFEFF';

/** One cell as it is written: neutralised, then quoted when it must be. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, ending in CRLF. */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A whole file in memory: the byte-order mark, the header, then the rows. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  let out = CSV_BOM + csvLine(header);
  for (const row of rows) out += csvLine(row);
  return out;
}

/** About how many characters a stream's chunk holds: lines are joined up to it, not written one by one. */
const CHUNK_CHARS = 64 * 1024;

/**
 * A file as a stream, for exports too large to hold at once: rows are read as the stream is read (a pull
 * stream: nothing more is read while the socket's buffer is full), in chunks of about 64 KB rather than one
 * small buffer per line.
 */
export function csvStream(header: readonly string[], rows: AsyncIterable<readonly CsvCell[]>): Readable {
  return Readable.from(
    (async function* () {
      let chunk = CSV_BOM + csvLine(header);
      for await (const row of rows) {
        chunk += csvLine(row);
        if (chunk.length >= CHUNK_CHARS) {
          yield chunk;
          chunk = '';
        }
      }
      if (chunk) yield chunk;
    })(),
    { objectMode: false },
  );
}
