import { MESSAGES } from '../messages.ts';

/**
 * The firm's file-number format (a site setting): `{YYYY}` is the tax year, `{YY}` its last two digits,
 * and exactly one `{N…}` (1 to 8 N) is a sequence zero-padded to that many digits. Everything else is
 * taken literally and may be letters, digits, `-`, `_` and `/`. "TF{YY}-{NNNN}" gives TF25-0001, TF25-0002…
 * A sequence that outgrows its padding keeps counting: 9999 is followed by 10000.
 */
export const DEFAULT_FILE_NUMBER_FORMAT = '{YYYY}-{NNNN}';
/** File numbers are at most this long (the file-number field's limit). */
export const FILE_NUMBER_MAX_LENGTH = 30;
export const FILE_NUMBER_FORMAT_MAX_LENGTH = 40;
/** The widest sequence a number may carry when parsed back (beyond that it is not one of ours). */
const MAX_SEQUENCE_DIGITS = 15;

type Part =
  | { kind: 'text'; text: string }
  | { kind: 'year4' }
  | { kind: 'year2' }
  | { kind: 'sequence'; width: number };

export type FileNumberFormat = { parts: readonly Part[]; width: number };

const TOKEN = /\{([^{}]*)\}/g;
const LITERAL = /^[A-Za-z0-9_/-]*$/;

/** A format split into its parts, or the message saying what is wrong with it. */
export function parseFileNumberFormat(
  format: string,
): { ok: true; format: FileNumberFormat } | { ok: false; message: string } {
  if (format.trim() === '') return { ok: false, message: MESSAGES.FILE_NUMBER_FORMAT_REQUIRED };
  if (format.length > FILE_NUMBER_FORMAT_MAX_LENGTH) {
    return { ok: false, message: MESSAGES.FILE_NUMBER_FORMAT_INVALID };
  }
  const parts: Part[] = [];
  let sequences = 0;
  let width = 0;
  let at = 0;
  for (const match of format.matchAll(TOKEN)) {
    const before = format.slice(at, match.index);
    if (!LITERAL.test(before)) return { ok: false, message: MESSAGES.FILE_NUMBER_FORMAT_INVALID };
    if (before) parts.push({ kind: 'text', text: before });
    const token = match[1] ?? '';
    if (token === 'YYYY') parts.push({ kind: 'year4' });
    else if (token === 'YY') parts.push({ kind: 'year2' });
    else if (/^N+$/.test(token)) {
      if (token.length > 8) return { ok: false, message: MESSAGES.FILE_NUMBER_FORMAT_SEQUENCE };
      sequences += 1;
      width = token.length;
      parts.push({ kind: 'sequence', width });
    } else return { ok: false, message: MESSAGES.FILE_NUMBER_FORMAT_INVALID };
    at = match.index + match[0].length;
  }
  const rest = format.slice(at);
  if (!LITERAL.test(rest)) return { ok: false, message: MESSAGES.FILE_NUMBER_FORMAT_INVALID };
  if (rest) parts.push({ kind: 'text', text: rest });
  if (sequences !== 1) return { ok: false, message: MESSAGES.FILE_NUMBER_FORMAT_SEQUENCE };
  const parsed = { parts, width };
  // The widest number it gives (a four-digit year, the full padding) must fit a file number.
  if (writeParts(parsed, 2000, (width) => '1'.padStart(width, '0')).length > FILE_NUMBER_MAX_LENGTH) {
    return { ok: false, message: MESSAGES.FILE_NUMBER_FORMAT_TOO_LONG };
  }
  return { ok: true, format: parsed };
}

/** The message for an invalid format, or null when it is valid. */
export function fileNumberFormatError(format: string): string | null {
  const parsed = parseFileNumberFormat(format);
  return parsed.ok ? null : parsed.message;
}

function compile(format: string): FileNumberFormat {
  const parsed = parseFileNumberFormat(format);
  if (!parsed.ok) throw new Error(`Invalid file number format ${JSON.stringify(format)}: ${parsed.message}`);
  return parsed.format;
}

function yearParts(taxYear: number) {
  const year4 = String(taxYear).padStart(4, '0');
  return { year4, year2: year4.slice(-2) };
}

/** The format's parts written out for a tax year, with `sequence` saying how its sequence part reads. */
function writeParts(
  { parts }: FileNumberFormat,
  taxYear: number,
  sequence: (width: number) => string,
): string {
  const { year4, year2 } = yearParts(taxYear);
  return parts
    .map((part) => {
      switch (part.kind) {
        case 'text':
          return part.text;
        case 'year4':
          return year4;
        case 'year2':
          return year2;
        case 'sequence':
          return sequence(part.width);
      }
    })
    .join('');
}

/** The file number with this sequence in this tax year (the format must be valid). */
export function renderFileNumber(format: string, taxYear: number, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new Error(`Invalid sequence ${sequence}`);
  return writeParts(compile(format), taxYear, (width) => String(sequence).padStart(width, '0'));
}

/**
 * A regular expression matching exactly the numbers of this format and tax year, with the sequence as its
 * one group: written so that it means the same in JavaScript and in PostgreSQL (`~`), since the literal
 * characters a format allows are never special in either. A sequence is its full padding, or more digits
 * without a leading zero (10000 after 9999).
 */
export function fileNumberPattern(format: string, taxYear: number): string {
  const body = writeParts(
    compile(format),
    taxYear,
    (width) => `([0-9]{${width}}|[1-9][0-9]{${width},${MAX_SEQUENCE_DIGITS - 1}})`,
  );
  return `^${body}$`;
}

/** The sequence of a file number of this format and tax year, or null when it is not one of them. */
export function fileNumberSequence(format: string, taxYear: number, fileNumber: string): number | null {
  const match = new RegExp(fileNumberPattern(format, taxYear)).exec(fileNumber);
  if (!match?.[1]) return null;
  const sequence = Number(match[1]);
  return sequence >= 1 ? sequence : null;
}

/** The next number after the highest taken one of this format and tax year, skipping any already taken. */
export function nextFileNumber(format: string, taxYear: number, taken: Iterable<string>): string {
  const used = new Set(taken);
  let highest = 0;
  for (const number of used) {
    const sequence = fileNumberSequence(format, taxYear, number);
    if (sequence !== null && sequence > highest) highest = sequence;
  }
  let next = highest + 1;
  while (used.has(renderFileNumber(format, taxYear, next))) next += 1;
  return renderFileNumber(format, taxYear, next);
}
