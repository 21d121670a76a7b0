/** What the bulk tests share: the runner's keyring and a client's e-mails, counted. */
import { clients, emailOutbox, eq, users } from '@taxfirm/db';
import { createKeyring } from '../../../lib/crypto/keyring.ts';
import { TEST_ENCRYPTION_KEY, type ClientSession, type TestApp } from '../../../../test/helpers.ts';

/** The test app's own keyring (a message the runner seals opens for the client). */
export const keyring = createKeyring(TEST_ENCRYPTION_KEY);

/** Every e-mail a client has been sent (registration's included): a job's are counted as the difference. */
export async function mailsTo(t: TestApp, client: ClientSession): Promise<number> {
  const [owner] = await t.database.db
    .select({ email: users.email })
    .from(clients)
    .innerJoin(users, eq(users.id, clients.userId))
    .where(eq(clients.id, client.clientId));
  return (
    await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, owner?.email ?? ''))
  ).length;
}
