import type { SiteSettings } from '@taxfirm/contract';

/** The date the current privacy policy, terms and disclaimer took effect. */
export const LEGAL_EFFECTIVE_DATE = 'November 22, 2026';

/** A piece of a legal page: a paragraph or a bulleted list. */
export type LegalBlock = { kind: 'p'; text: string } | { kind: 'ul'; items: readonly string[] };

/** One titled section of a legal page; `id` is its anchor in the page's table of contents. */
export type LegalSection = { id: string; heading: string; blocks: readonly LegalBlock[] };

export const p = (text: string): LegalBlock => ({ kind: 'p', text });
export const ul = (...items: string[]): LegalBlock => ({ kind: 'ul', items });

/** How the legal pages name the firm, and where they tell readers to write. */
export type LegalContact = { firmName: string; email: string; office: string };

export function legalContact(settings: SiteSettings): LegalContact {
  return {
    firmName: settings.firm_name.trim() || 'Our firm',
    email: settings.site_email.trim(),
    office: settings.corporateoffice.trim(),
  };
}
