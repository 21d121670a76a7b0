import type { SiteSettings } from '@taxfirm/contract';
import { SITE_SETTINGS_CHANNEL, type DatabaseHandle } from '@taxfirm/db';
import { getSiteSettings } from './settings.service.ts';

export type SettingsCache = {
  /** Current settings: from memory while fresh, else one database read shared by concurrent callers. */
  get: () => Promise<SiteSettings>;
  /** The tax year a call works on: the one it asked for, else the firm's current tax year (one place). */
  taxYear: (requested?: number | null) => Promise<number>;
  /** Drop the copy now (after this instance wrote the settings: its own next read must not wait for NOTIFY). */
  invalidate: () => void;
  close: () => Promise<void>;
};

/**
 * Site settings are read on every page and by getsettings, and change rarely. Each instance keeps one
 * copy and drops it when the database announces a change (a trigger NOTIFYs site_settings_changed on
 * every write, from any instance or tool), so a change shows at once. maxAgeMs is a safety net only.
 */
export async function createSettingsCache(
  database: DatabaseHandle,
  { maxAgeMs = 60_000 }: { maxAgeMs?: number } = {},
): Promise<SettingsCache> {
  let cached: { value: Promise<SiteSettings>; at: number } | null = null;

  const get = () => {
    const now = Date.now();
    if (!cached || now - cached.at > maxAgeMs) {
      const value = getSiteSettings({ db: database.db });
      const entry = { value, at: now };
      cached = entry;
      // A failed read is not remembered.
      value.catch(() => {
        if (cached === entry) cached = null;
      });
    }
    return cached.value;
  };

  const stop = await database.listen(SITE_SETTINGS_CHANNEL, () => {
    cached = null;
  });
  return {
    get,
    taxYear: async (requested) => requested ?? (await get()).current_tax_year,
    invalidate: () => {
      cached = null;
    },
    close: stop,
  };
}
