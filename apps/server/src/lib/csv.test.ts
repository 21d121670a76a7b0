import { type Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../test/parse-csv.ts';
import { csvCell, csvLine, csvStream, toCsv } from './csv.ts';

async function text(stream: Readable): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += String(chunk);
  return out;
}

describe('csvCell', () => {
  it('writes plain text, numbers and booleans as they are, and nothing for null', () => {
    expect(csvCell('Asha Rao')).toBe('Asha Rao');
    expect(csvCell(1234.5)).toBe('1234.5');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(new Date('2026-11-23T10:00:00.000Z'))).toBe('2026-11-23T10:00:00.000Z');
  });

  it('quotes a cell with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvCell('Rao, Asha')).toBe('"Rao, Asha"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvCell('one\r\ntwo')).toBe('"one\r\ntwo"');
  });

  it('quotes a cell with a semicolon, so a spreadsheet splitting on ";" keeps "=1+1" inside the cell', () => {
    expect(csvCell('hi;=1+1')).toBe('"hi;=1+1"');
    expect(csvCell("a;=cmd|' /C calc'!A0")).toBe(`"a;=cmd|' /C calc'!A0"`);
  });

  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
    ['=1+2,3', `"'=1+2,3"`],
  ])('neutralises the formula %j as %j (OWASP CSV injection)', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it('leaves a formula character that is not the first one alone', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('x@example.com')).toBe('x@example.com');
    expect(csvCell(' =1')).toBe(' =1');
  });
});

describe('csvLine, toCsv and csvStream', () => {
  const header = ['name', 'note'];
  const rows = [
    ['Rao, Asha', 'line one\nline "two"'],
    ['=cmd|" /C calc"!A0', ''],
    ['Ünïcödé', null],
  ];

  it('ends each record in CRLF', () => {
    expect(csvLine(['a', 'b'])).toBe('a,b\r\n');
  });

  it('round-trips through an RFC 4180 reader, the formula neutralised', () => {
    const parsed = parseCsv(toCsv(header, rows));
    expect(parsed).toEqual([
      ['name', 'note'],
      ['Rao, Asha', 'line one\nline "two"'],
      ['\'=cmd|" /C calc"!A0', ''],
      ['Ünïcödé', ''],
    ]);
  });

  it('starts with a UTF-8 byte-order mark', () => {
    expect(toCsv(header, []).startsWith('\uFEFFname,note\r\n')).toBe(true);
  });

  it('streams the same file it would write at once', async () => {
    async function* source() {
      for (const row of rows) yield row;
    }
    expect(await text(csvStream(header, source()))).toBe(toCsv(header, rows));
  });
});
