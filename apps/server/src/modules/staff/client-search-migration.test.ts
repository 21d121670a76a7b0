/**
 * Migration 0045 on clients that already exist: their search text (name, file number, phone, login e-mail) is
 * filled in by the migration, and kept from then on by its triggers.
 */
import { sql } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { beforeMigration } from '../audit/testing/chain-kit.ts';
import { searchedClientIds } from './client-search.ts';

describe('the client-search migration', () => {
  it('migration 0045 fills the search text of the clients written before it', async () => {
    await beforeMigration('0045_', async ({ db }, rest) => {
      // In SQL: the schema of today has the column this migration adds.
      const inserted = await db.execute(sql`with u as (
          insert into users (email, password_hash, first_name, last_name)
          values ('old.timer@example.com', 'x', 'Meera', 'Joshi') returning id)
        insert into clients (user_id, first_name, last_name, phone, phone_ext, file_number)
        select id, 'Meera', 'Joshi', '4695550177', '+1', 'TF-OLD-1' from u returning id`);
      const [client] = (inserted as unknown as { rows: { id: string }[] }).rows;

      await rest();
      const rows = (await db.execute(sql`select search from clients`)) as unknown as {
        rows: { search: string }[];
      };
      expect(rows.rows).toEqual([{ search: 'Meera Joshi\nTF-OLD-1\n4695550177\nold.timer@example.com' }]);
      for (const term of ['meera jo', 'tf-old', '555-0177', 'OLD.TIMER@']) {
        expect(await searchedClientIds(db, term), term).toEqual([client?.id]);
      }
      // From now on, the triggers: a login's new e-mail is searched, its old one no longer.
      await db.execute(
        sql`update users set email = 'new.timer@example.com' where email = 'old.timer@example.com'`,
      );
      expect(await searchedClientIds(db, 'old.timer')).toEqual([]);
      expect(await searchedClientIds(db, 'new.timer')).toEqual([client?.id]);
    });
  });
});
