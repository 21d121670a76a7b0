/**
 * A strict RFC 4180 reader for tests: reads back what lib/csv.ts writes (quoted cells with doubled quotes,
 * CRLF line ends, an optional byte-order mark) and throws on anything malformed.
 */
export function parseCsv(text: string): string[][] {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < input.length) {
    let cell = '';
    if (input[i] === '"') {
      i += 1;
      for (;;) {
        if (i >= input.length) throw new Error('unterminated quoted cell');
        if (input[i] === '"') {
          if (input[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        cell += input[i];
        i += 1;
      }
    } else {
      while (i < input.length && input[i] !== ',' && input[i] !== '\r' && input[i] !== '\n') {
        if (input[i] === '"') throw new Error(`stray quote at ${i}`);
        cell += input[i];
        i += 1;
      }
    }
    row.push(cell);
    if (input[i] === ',') {
      i += 1;
      continue;
    }
    if (input.startsWith('\r\n', i)) {
      rows.push(row);
      row = [];
      i += 2;
      continue;
    }
    if (i < input.length) throw new Error(`unexpected ${JSON.stringify(input[i])} at ${i}`);
  }
  if (row.length > 0) throw new Error('last line does not end in CRLF');
  return rows;
}
