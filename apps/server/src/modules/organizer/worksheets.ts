/**
 * The organizer's worksheets for the preparer (issue 37), as CSV or PDF: the FBAR worksheet (each foreign
 * account's maximum and year-end value in its currency and in US dollars at the year-end rate, the aggregate
 * and the decision, with Form 8938's) and the PFIC worksheet (one Form 8621 per fund, with the foreign tax
 * credit's inputs by calendar year). Made on demand, never stored; standard fonts only (WinAnsi).
 */
import type { OrganizerFindings } from '@taxfirm/contract';
import type { PDFFont } from 'pdf-lib';
import { loadPdfLib } from '../../lib/files/pdf-lib.ts';
import { toCsv, type CsvCell } from '../../lib/csv.ts';
import { PdfPageFlow } from '../../lib/files/pdf-page-flow.ts';

export type WorksheetKind = 'fbar' | 'pfic';
export type Worksheet = { title: string; header: string[]; rows: CsvCell[][]; notes: string[] };

const FBAR_DECISIONS = {
  required: 'FBAR required',
  'not-required': 'FBAR not required',
  unknown: 'FBAR: cannot tell yet',
};
const F8938_DECISIONS = {
  likely: 'Form 8938 likely',
  'not-likely': 'Form 8938 not likely',
  unknown: 'Form 8938: cannot tell yet',
};

export const fbarHeadline = (f: OrganizerFindings) => FBAR_DECISIONS[f.fbar.decision];
export const form8938Headline = (f: OrganizerFindings) => F8938_DECISIONS[f.form_8938.decision];

const ratesNote = (f: OrganizerFindings) =>
  f.rates.map((r) => `${r.currency}: ${r.units_per_usd} per US dollar (${r.source})`);

/** The worksheet's table and notes, the same for CSV and PDF. */
export function worksheetOf(kind: WorksheetKind, findings: OrganizerFindings, taxYear: number): Worksheet {
  if (kind === 'fbar') {
    return {
      title: `FBAR and Form 8938 worksheet, ${taxYear}`,
      header: [
        'Bank',
        'Country',
        'Type',
        'Joint holder',
        'Currency',
        'Maximum value',
        'Maximum (USD)',
        'Value on 31 December',
        '31 December (USD)',
      ],
      rows: [
        ...findings.fbar.accounts.map((a) => [
          a.bank,
          a.country,
          a.type,
          a.joint_holder ?? '',
          a.max.currency ?? a.year_end.currency ?? '',
          a.max.amount,
          a.max.usd,
          a.year_end.amount,
          a.year_end.usd,
        ]),
        ['Total', '', '', '', '', '', findings.fbar.aggregate_max_usd, '', findings.form_8938.year_end_usd],
      ],
      notes: [
        `${fbarHeadline(findings)}: ${findings.fbar.reason}`,
        `${form8938Headline(findings)}: ${findings.form_8938.reason}`,
        'Each value is converted at the year-end rate and rounded up to the next dollar (FinCEN).',
        ...ratesNote(findings),
      ],
    };
  }
  return {
    title: `PFIC (Form 8621) and foreign tax credit worksheet, ${taxYear}`,
    header: ['Fund house', 'Folio', 'Scheme', 'Currency', 'Value on 31 December', '31 December (USD)'],
    rows: [
      ...findings.pfic.map((f) => [
        f.house,
        f.folio,
        f.scheme,
        f.value.currency,
        f.value.amount,
        f.value.usd,
      ]),
      [],
      [
        'Income in India',
        'Currency',
        'January-March',
        'April-December',
        'Calendar year',
        'TDS January-March',
        'TDS April-December',
        'TDS calendar year',
      ],
      ...findings.foreign_tax.map((t) => [
        t.kind,
        t.currency,
        t.jan_mar,
        t.apr_dec,
        t.calendar_year,
        t.tds_jan_mar,
        t.tds_apr_dec,
        t.tds_calendar_year,
      ]),
    ],
    notes: [
      `${findings.pfic.length} PFIC fund${findings.pfic.length === 1 ? '' : 's'}: one Form 8621 each.`,
      'January-March belongs to India’s fiscal year ending 31 March; April-December to the one after.',
      ...ratesNote(findings),
    ],
  };
}

export function worksheetCsv(sheet: Worksheet): string {
  return toCsv(sheet.header, [...sheet.rows, [], ...sheet.notes.map((note) => [note])]);
}

const PAGE: [number, number] = [792, 612];
const MARGIN = 36;

/** The worksheet on landscape Letter pages: title, notes, then the table in even columns. */
export async function worksheetPdf(sheet: Worksheet, firmName: string): Promise<Uint8Array> {
  const { PDFDocument, rgb, StandardFonts } = await loadPdfLib();
  const pdf = await PDFDocument.create();
  pdf.setTitle(sheet.title);
  pdf.setProducer('Tax firm portal organizer');
  pdf.setCreator('Tax firm portal organizer');
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const charset = new Set(regular.getCharacterSet());
  const safe = (text: string) =>
    [...text].map((c) => (charset.has(c.codePointAt(0) ?? 0) ? c : '?')).join('');
  const flow = new PdfPageFlow(pdf, PAGE, MARGIN);
  const write = (text: string, font: PDFFont, size: number, x = MARGIN, maxWidth = PAGE[0] - 2 * MARGIN) => {
    let line = safe(text);
    while (line.length > 1 && font.widthOfTextAtSize(line, size) > maxWidth) line = line.slice(0, -2) + '…';
    flow.page.drawText(safe(line), { x, y: flow.y, size, font, color: rgb(0, 0, 0) });
  };
  flow.lineDown(16);
  write(sheet.title, bold, 14);
  flow.lineDown(12);
  write(firmName, regular, 9);
  flow.space(6);
  for (const note of sheet.notes) {
    flow.lineDown(12);
    write(note, regular, 9);
  }
  flow.space(10);
  const columns = Math.max(sheet.header.length, ...sheet.rows.map((r) => r.length));
  const width = (PAGE[0] - 2 * MARGIN) / columns;
  const row = (cells: readonly CsvCell[], font: PDFFont) => {
    flow.lineDown(13);
    cells.forEach((cell, i) => {
      const text =
        cell === null || cell === undefined
          ? ''
          : typeof cell === 'number'
            ? cell.toLocaleString('en-US')
            : String(cell);
      write(text, font, 8, MARGIN + i * width, width - 4);
    });
  };
  row(sheet.header, bold);
  for (const cells of sheet.rows)
    row(cells, cells[0] === 'Total' || cells[0] === 'Income in India' ? bold : regular);
  return pdf.save();
}
