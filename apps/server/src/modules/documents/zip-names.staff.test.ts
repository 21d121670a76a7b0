/** The names in a staff member's ZIP of a client's documents: entries and the archive (documents.staff.service.ts). */
import { describe, expect, it } from 'vitest';
import { zipEntryNames, zipFileName } from './documents.staff.service.ts';

describe('ZIP names', () => {
  it('keeps entries inside their category folder, safe, and unique', () => {
    expect(
      zipEntryNames([
        { category: 'W2', name: 'w2.pdf' },
        { category: 'W2', name: 'W2.PDF' },
        { category: 'W2', name: 'w2.pdf' },
        { category: 'OTHERDOCS', name: 'w2.pdf' },
        { category: 'OTHERDOCS', name: '/etc/passwd' },
        { category: 'OTHERDOCS', name: '..\\..\\boot.ini' },
        { category: 'OTHERDOCS', name: '..' },
        { category: 'OTHERDOCS', name: '.hidden' },
        { category: 'OTHERDOCS', name: 'a<b>c?.pdf' },
        { category: 'OTHERDOCS', name: `${'x'.repeat(300)}.pdf` },
      ]),
    ).toEqual([
      'W2/w2.pdf',
      'W2/W2 (2).PDF',
      'W2/w2 (3).pdf',
      'OTHERDOCS/w2.pdf',
      'OTHERDOCS/passwd',
      'OTHERDOCS/boot.ini',
      'OTHERDOCS/document',
      'OTHERDOCS/hidden',
      'OTHERDOCS/a_b_c_.pdf',
      `OTHERDOCS/${'x'.repeat(146)}.pdf`,
    ]);
  });

  it('names the archive after the file number, else a safe last name and the tax year', () => {
    expect(zipFileName({ fileNumber: 'TF25-0001', lastName: 'Rao' }, 2025)).toBe('TF25-0001.zip');
    expect(zipFileName({ fileNumber: null, lastName: 'Núñez de/../Silva' }, 2025)).toBe(
      'Nunez-de-Silva-2025.zip',
    );
    expect(zipFileName({ fileNumber: null, lastName: '李' }, 2025)).toBe('client-2025.zip');
  });
});
