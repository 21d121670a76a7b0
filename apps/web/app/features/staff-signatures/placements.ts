import {
  DEFAULT_PLACEMENTS,
  type Placement,
  type SignatureDocumentKind,
  type SignerChoice,
  type SignerRole,
} from '@taxfirm/contract';

/** One mark's position as the form shows it: page (0 = the last page), and x and y in percent of the page. */
export type PlacementFields = { page: string; x: string; y: string };
export type SignerPlacementFields = { signature: PlacementFields; date: PlacementFields };
export type PlacementsFields = Record<SignerRole, SignerPlacementFields>;

/** The signer roles a choice means, in signing order. */
export function rolesOf(signers: SignerChoice): SignerRole[] {
  return signers === 'both' ? ['taxpayer', 'spouse'] : [signers];
}

/** Fractions (0.545) as percent text ("54.5"), without float noise. */
const percent = (fraction: number) => String(Math.round(fraction * 1000) / 10);

const toFields = (placement: Placement): PlacementFields => ({
  page: String(placement.page),
  x: percent(placement.x),
  y: percent(placement.y),
});

/** The kind's default positions (DEFAULT_PLACEMENTS) for both roles, as the form's fields. */
export function defaultPlacementFields(kind: SignatureDocumentKind): PlacementsFields {
  const defaults = DEFAULT_PLACEMENTS[kind];
  return {
    taxpayer: {
      signature: toFields(defaults.taxpayer.signature),
      date: toFields(defaults.taxpayer.date),
    },
    spouse: { signature: toFields(defaults.spouse.signature), date: toFields(defaults.spouse.date) },
  };
}

const toPlacement = (fields: PlacementFields) => ({
  page: Number(fields.page),
  x: Number(fields.x) / 100,
  y: Number(fields.y) / 100,
});

const same = (a: PlacementFields, b: PlacementFields) =>
  Number(a.page) === Number(b.page) && Number(a.x) === Number(b.x) && Number(a.y) === Number(b.y);

/**
 * The create call's `placements` JSON for the roles that sign: only the ones changed from the kind's defaults
 * (the server fills in the rest), so the one-click path sends none. Answers '' when nothing changed.
 */
export function placementsJson(
  kind: SignatureDocumentKind,
  signers: SignerChoice,
  fields: PlacementsFields,
): string {
  const defaults = defaultPlacementFields(kind);
  const changed: Partial<Record<SignerRole, { signature: Placement; date: Placement }>> = {};
  for (const role of rolesOf(signers)) {
    const mine = fields[role];
    if (same(mine.signature, defaults[role].signature) && same(mine.date, defaults[role].date)) continue;
    changed[role] = { signature: toPlacement(mine.signature), date: toPlacement(mine.date) };
  }
  return Object.keys(changed).length > 0 ? JSON.stringify(changed) : '';
}

/** A position the form refuses before sending (the server checks the page against the PDF again). */
export function placementProblem(fields: PlacementFields): string | null {
  const page = Number(fields.page);
  const x = Number(fields.x);
  const y = Number(fields.y);
  if (fields.page.trim() === '' || !Number.isInteger(page) || page < 0 || page > 500)
    return 'Enter a page number (0 for the last page).';
  if (fields.x.trim() === '' || fields.y.trim() === '' || !(x >= 0 && x <= 100 && y >= 0 && y <= 100))
    return 'Enter positions between 0 and 100 percent.';
  return null;
}
