import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import {
  DEFAULT_FILE_NUMBER_FORMAT,
  fileNumberFormatError,
  fileNumberPattern,
  fileNumberSequence,
  nextFileNumber,
  renderFileNumber,
} from './file-numbers.ts';

describe('fileNumberFormatError', () => {
  it.each([
    DEFAULT_FILE_NUMBER_FORMAT,
    'TF{YY}-{NNNN}',
    '{N}',
    '{NNNNNNNN}',
    'A_b/{YYYY}/{YY}-{NNN}x',
    '{NNNN}-{YYYY}',
  ])('accepts %j', (format) => {
    expect(fileNumberFormatError(format)).toBeNull();
  });

  it.each([
    ['', MESSAGES.FILE_NUMBER_FORMAT_REQUIRED],
    ['   ', MESSAGES.FILE_NUMBER_FORMAT_REQUIRED],
    ['TF{YY}', MESSAGES.FILE_NUMBER_FORMAT_SEQUENCE],
    ['{NN}-{NNN}', MESSAGES.FILE_NUMBER_FORMAT_SEQUENCE],
    ['{NNNNNNNNN}', MESSAGES.FILE_NUMBER_FORMAT_SEQUENCE],
    ['TF {NNNN}', MESSAGES.FILE_NUMBER_FORMAT_INVALID],
    ['TF.{NNNN}', MESSAGES.FILE_NUMBER_FORMAT_INVALID],
    ['{YYY}-{NNNN}', MESSAGES.FILE_NUMBER_FORMAT_INVALID],
    ['{yy}-{NNNN}', MESSAGES.FILE_NUMBER_FORMAT_INVALID],
    ['{}{NNNN}', MESSAGES.FILE_NUMBER_FORMAT_INVALID],
    ['{NNNN', MESSAGES.FILE_NUMBER_FORMAT_INVALID],
    ['NNNN}', MESSAGES.FILE_NUMBER_FORMAT_INVALID],
    ['{{NNNN}}', MESSAGES.FILE_NUMBER_FORMAT_INVALID],
    ['a\u0000{NNNN}', MESSAGES.FILE_NUMBER_FORMAT_INVALID],
    ['(.*){NNNN}', MESSAGES.FILE_NUMBER_FORMAT_INVALID],
    ['x'.repeat(41), MESSAGES.FILE_NUMBER_FORMAT_INVALID],
    ['ABCDEFGHIJKLMNOPQRST-{YYYY}-{NNNNNNNN}', MESSAGES.FILE_NUMBER_FORMAT_TOO_LONG],
  ])('refuses %j', (format, message) => {
    expect(fileNumberFormatError(format)).toBe(message);
  });
});

describe('renderFileNumber', () => {
  it('writes the year, its last two digits and the zero-padded sequence', () => {
    expect(renderFileNumber('{YYYY}-{NNNN}', 2025, 7)).toBe('2025-0007');
    expect(renderFileNumber('TF{YY}-{NNNN}', 2025, 1)).toBe('TF25-0001');
    expect(renderFileNumber('{YY}/{YYYY}_{N}', 2009, 3)).toBe('09/2009_3');
  });

  it('keeps counting past the padding: 9999 is followed by 10000', () => {
    expect(renderFileNumber('TF{YY}-{NNNN}', 2025, 9999)).toBe('TF25-9999');
    expect(renderFileNumber('TF{YY}-{NNNN}', 2025, 10000)).toBe('TF25-10000');
  });

  it('refuses an invalid format or sequence', () => {
    expect(() => renderFileNumber('TF', 2025, 1)).toThrow();
    expect(() => renderFileNumber('{NNNN}', 2025, 0)).toThrow();
    expect(() => renderFileNumber('{NNNN}', 2025, 1.5)).toThrow();
  });
});

describe('fileNumberSequence', () => {
  it('reads back the sequence of a number of this format and year', () => {
    expect(fileNumberSequence('TF{YY}-{NNNN}', 2025, 'TF25-0003')).toBe(3);
    expect(fileNumberSequence('TF{YY}-{NNNN}', 2025, 'TF25-10000')).toBe(10000);
    expect(fileNumberSequence('{NNNN}-{YYYY}', 2024, '0042-2024')).toBe(42);
  });

  it('answers null for numbers of another year, format or padding', () => {
    expect(fileNumberSequence('TF{YY}-{NNNN}', 2025, 'TF24-0003')).toBeNull();
    expect(fileNumberSequence('TF{YY}-{NNNN}', 2025, '2025-0003')).toBeNull();
    expect(fileNumberSequence('TF{YY}-{NNNN}', 2025, 'TF25-003')).toBeNull();
    expect(fileNumberSequence('TF{YY}-{NNNN}', 2025, 'TF25-00003')).toBeNull();
    expect(fileNumberSequence('TF{YY}-{NNNN}', 2025, 'TF25-0003x')).toBeNull();
    expect(fileNumberSequence('TF{YY}-{NNNN}', 2025, 'xTF25-0003')).toBeNull();
    expect(fileNumberSequence('TF{YY}-{NNNN}', 2025, 'tf25-0003')).toBeNull();
    expect(fileNumberSequence('TF{YY}-{NNNN}', 2025, 'TF25-0000')).toBeNull();
  });

  it('round-trips every rendered number', () => {
    for (const sequence of [1, 9, 10, 99, 100, 9999, 10000, 123456]) {
      const number = renderFileNumber('F/{YYYY}_{NNN}', 2026, sequence);
      expect(fileNumberSequence('F/{YYYY}_{NNN}', 2026, number), number).toBe(sequence);
    }
  });

  it('builds a pattern PostgreSQL reads the same way (no JavaScript-only syntax)', () => {
    expect(fileNumberPattern('TF{YY}-{NNNN}', 2025)).toBe('^TF25-([0-9]{4}|[1-9][0-9]{4,14})$');
  });
});

describe('nextFileNumber', () => {
  it('is one past the highest sequence of the format and year', () => {
    expect(nextFileNumber('TF{YY}-{NNNN}', 2025, ['TF25-0001', 'TF25-0003', '2025-0009', 'TF24-0050'])).toBe(
      'TF25-0004',
    );
  });

  it('starts at 1 and passes the padding', () => {
    expect(nextFileNumber('TF{YY}-{NNNN}', 2025, [])).toBe('TF25-0001');
    expect(nextFileNumber('TF{YY}-{NNNN}', 2025, ['TF25-9999'])).toBe('TF25-10000');
  });
});
