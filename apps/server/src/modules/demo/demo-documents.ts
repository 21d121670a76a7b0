/** The demo client's papers: documents they uploaded, the checklist still wanted, the published tax summary. */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { CALLS, DOCUMENT_CATEGORIES, categoryOfItemType, type DocumentCategory } from '@taxfirm/contract';
import { requestItems, taxSummaries } from '@taxfirm/db';
import { loadPdfLib } from '../../lib/files/pdf-lib.ts';
import type { ObjectStorage } from '../../lib/storage/object-storage.ts';
import { uploadKeyPrefix } from '../../lib/storage/upload-prefix.ts';
import { insertDocuments, recordDocuments } from '../documents/documents.service.ts';
import { reached, type DemoFile } from './demo-file.ts';
import { COMPANIES } from './demo-random.ts';

/** A one-page PDF that says what it stands for: real enough for the viewers and downloads. */
async function demoPdf(title: string, lines: readonly string[]): Promise<Buffer> {
  const { PDFDocument, StandardFonts } = await loadPdfLib();
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(title, { x: 72, y: 700, size: 18, font });
  lines.forEach((line, i) => page.drawText(line, { x: 72, y: 660 - i * 18, size: 11, font }));
  page.drawText('DEMO DATA - not a real tax document', { x: 72, y: 72, size: 9, font });
  return Buffer.from(await pdf.save());
}

const DOCUMENT_PREFIX = uploadKeyPrefix(CALLS.uploadDocs);

/** Store a demo file as an upload would be stored (sealed by the storage driver). */
async function storeFile(storage: ObjectStorage, bytes: Buffer) {
  const key = `${DOCUMENT_PREFIX}${randomUUID()}`;
  const stored = await storage.put(key, Readable.from([bytes]));
  return { key, ...stored };
}

/** Documents, uploaded by the client once the firm asked for them. */
export async function seedDocuments(f: DemoFile): Promise<void> {
  const { db, r, storage, status, current, first, last, clientId, filingId, userId } = f;
  if (reached(status, 'Docs Upload Pending') || (status === 'Cancel Filing' && r.chance(0.5))) {
    const categories: DocumentCategory[] = ['W2', r.pick(DOCUMENT_CATEGORIES).category];
    for (const category of new Set(categories)) {
      const uploads = [];
      for (let k = 0; k < r.int(1, 2); k += 1) {
        const name = `${category}-${current}-${k + 1}.pdf`;
        const stored = await storeFile(
          storage,
          await demoPdf(`${category} ${current}`, [`${first} ${last}`, `Tax year ${current}`, name]),
        );
        uploads.push({
          field: 'file',
          key: stored.key,
          originalName: name,
          type: 'application/pdf',
          size: stored.size,
          sha256: stored.sha256,
        });
      }
      await recordDocuments(db, { clientId, filingId, userId, category }, uploads);
    }
  }
}

/** The checklist of what is still wanted, while documents are being collected. */
export async function seedChecklist(f: DemoFile): Promise<void> {
  const { db, r, storage, status, current, clientId, filingId, analyst } = f;
  if (status === 'Docs Upload Pending' || status === 'Other Docs Pending') {
    const items = [
      { type: 'w2', title: `W-2 from ${r.pick(COMPANIES)}`, status: 'accepted' },
      { type: '1099-int', title: '1099-INT from your bank', status: 'requested' },
      {
        type: '1098',
        title: 'Mortgage interest (1098)',
        status: r.pick(['requested', 'uploaded', 'later'] as const),
      },
    ] as const;
    const made = await db
      .insert(requestItems)
      .values(
        items.map((item, position) => ({
          filingId,
          clientId,
          position,
          type: item.type,
          title: item.title,
          status: item.status,
          laterDate: item.status === 'later' ? `${current + 1}-03-31` : null,
          source: 'template' as const,
          createdBy: analyst,
        })),
      )
      .returning({ id: requestItems.id, status: requestItems.status, title: requestItems.title });
    // What the client sent for an item waiting for review: a PDF the analyst can open, then accept or reject.
    for (const item of made.filter((m) => m.status === 'uploaded')) {
      const stored = await storeFile(
        storage,
        await demoPdf(item.title, [`${f.first} ${f.last}`, `Tax year ${current}`]),
      );
      await insertDocuments(db, [
        {
          clientId,
          filingId,
          category: categoryOfItemType('1098'),
          requestItemId: item.id,
          uploadedBy: f.userId,
          originalName: '1098-mortgage-interest.pdf',
          size: stored.size,
          contentType: 'application/pdf',
          storageKey: stored.key,
          sha256: stored.sha256,
        },
      ]);
    }
  }
}

/** The summary of the return, published for the client's review. */
export async function seedTaxSummary(f: DemoFile): Promise<void> {
  const { db, r, storage, status, current, first, last, clientId, filingId, analyst } = f;
  if (reached(status, 'Synopsys Pending')) {
    const stored = await storeFile(
      storage,
      await demoPdf(`Tax summary ${current}`, [`${first} ${last}`, `Refund: $${r.int(200, 6000)}`]),
    );
    await db.insert(taxSummaries).values({
      filingId,
      clientId,
      title: `Tax summary ${current}`,
      status: 'published',
      originalName: `tax-summary-${current}.pdf`,
      contentType: 'application/pdf',
      size: stored.size,
      sha256: stored.sha256,
      storageKey: stored.key,
      publishedBy: analyst,
      publishedAt: new Date(),
    });
  }
}
