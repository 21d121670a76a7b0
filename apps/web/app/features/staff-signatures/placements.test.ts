import { DEFAULT_PLACEMENTS } from '@taxfirm/contract';
import { describe, expect, it } from 'vitest';
import { defaultPlacementFields, placementProblem, placementsJson, rolesOf } from './placements.ts';

describe('signature positions', () => {
  it("fills in Form 8879's taxpayer and spouse lines, in percent", () => {
    const fields = defaultPlacementFields('8879');
    expect(fields.taxpayer.signature).toEqual({ page: '1', x: '20', y: '54.5' });
    expect(fields.taxpayer.date).toEqual({ page: '1', x: '78', y: '54.5' });
    expect(fields.spouse.signature).toEqual({ page: '1', x: '20', y: '58.5' });
    expect(fields.spouse.date).toEqual({ page: '1', x: '78', y: '58.5' });
  });

  it("puts other documents' marks at the foot of the last page (page 0)", () => {
    expect(defaultPlacementFields('engagement').taxpayer.signature).toEqual({ page: '0', x: '10', y: '82' });
    expect(defaultPlacementFields('other').spouse.date).toEqual({ page: '0', x: '60', y: '90' });
  });

  it('sends nothing when the defaults are kept (the server applies them)', () => {
    expect(placementsJson('8879', 'both', defaultPlacementFields('8879'))).toBe('');
  });

  it('sends only the changed signer, as fractions of the page, for the roles that sign', () => {
    const fields = defaultPlacementFields('8879');
    fields.spouse.signature = { page: '2', x: '25', y: '60.5' };
    const sent = JSON.parse(placementsJson('8879', 'both', fields)) as unknown;
    expect(sent).toEqual({
      spouse: { signature: { page: 2, x: 0.25, y: 0.605 }, date: DEFAULT_PLACEMENTS['8879'].spouse.date },
    });
    // The spouse does not sign: their positions are not sent.
    expect(placementsJson('8879', 'taxpayer', fields)).toBe('');
  });

  it('names who signs for each choice', () => {
    expect(rolesOf('taxpayer')).toEqual(['taxpayer']);
    expect(rolesOf('spouse')).toEqual(['spouse']);
    expect(rolesOf('both')).toEqual(['taxpayer', 'spouse']);
  });

  it('refuses pages and positions off the page', () => {
    expect(placementProblem({ page: '1', x: '20', y: '54.5' })).toBeNull();
    expect(placementProblem({ page: '', x: '20', y: '50' })).toMatch(/page number/);
    expect(placementProblem({ page: '1.5', x: '20', y: '50' })).toMatch(/page number/);
    expect(placementProblem({ page: '1', x: '120', y: '50' })).toMatch(/between 0 and 100/);
    expect(placementProblem({ page: '1', x: '20', y: '' })).toMatch(/between 0 and 100/);
  });
});
