import type { SiteSettings } from '@taxfirm/contract';
import { SITE_SETTINGS_CHANNEL, type DatabaseHandle } from '@taxfirm/db';
import type { Firm } from '../mail/templates.ts';
import { firmOf, getSettingsRow, publicSettingsOf } from './settings.service.ts';

export type SettingsCache = {
  /** Current settings: from memory while fresh, else one database read shared by concurrent callers. */
  get: () => Promise<SiteSettings>;
  /** Who sends the e-mails (name, address, logo, contact e-mail), from the same copy as `get`. */
  firm: () => Promise<Firm>;
  /** The tax year a call works on: the one it asked for, else the firm's current tax year (one place). */
  taxYear: (requested?: number | null) => Promise<number>;
  /** The firm's tax years: the first it offers and the current one. */
  taxYears: () => Promise<{ first: number; current: number }>;
  /** Drop the copy now (after this instance wrote the settings: its own next read must not wait for NOTIFY). */
  invalidate: () => void;
  close: () => Promise<void>;
};

type Copy = { settings: SiteSettings; firm: Firm; firstTaxYear: number };

/**
 * Site settings are read on every page and by getsettings, and change rarely. Each instance keeps one
 * copy and drops it when the database announces a change (a trigger NOTIFYs site_settings_changed on
 * every write, from any instance or tool), so a change shows at once. maxAgeMs is a safety net only.
 */
export async function createSettingsCache(
  database: DatabaseHandle,
  { maxAgeMs = 60_000 }: { maxAgeMs?: number } = {},
): Promise<SettingsCache> {
  let cached: { value: Promise<Copy>; at: number } | null = null;

  const read = () => {
    const now = Date.now();
    if (!cached || now - cached.at > maxAgeMs) {
      const value = getSettingsRow({ db: database.db }).then((row) => ({
        settings: publicSettingsOf(row),
        firm: firmOf(row),
        firstTaxYear: row.firstTaxYear,
      }));
      const entry = { value, at: now };
      cached = entry;
      // A failed read is not remembered.
      value.catch(() => {
        if (cached === entry) cached = null;
      });
    }
    return cached.value;
  };
  const get = async () => (await read()).settings;

  const stop = await database.listen(SITE_SETTINGS_CHANNEL, () => {
    cached = null;
  });
  return {
    get,
    firm: async () => (await read()).firm,
    taxYear: async (requested) => requested ?? (await get()).current_tax_year,
    taxYears: async () => {
      const copy = await read();
      return { first: copy.firstTaxYear, current: copy.settings.current_tax_year };
    },
    invalidate: () => {
      cached = null;
    },
    close: stop,
  };
}
