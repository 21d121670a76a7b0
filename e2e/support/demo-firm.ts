import { sql } from '@taxfirm/db';
import { Mailbox } from './mailbox.ts';
import { AppServer } from './server.ts';

/** A staff login of the demo firm, as `npm run db:seed` prints it. */
export type DemoLogin = { role: string; email: string; password: string };

/** The staff logins and the clients' password, as `npm run db:seed` prints them. */
export function loginsOf(stdout: string): { staff: DemoLogin[]; clientPassword: string } {
  const staff = [...stdout.matchAll(/^\s+(admin|analyst)\s+(\S+@\S+)\s+password: (\S+)$/gm)].map((m) => ({
    role: m[1] ?? '',
    email: m[2] ?? '',
    password: m[3] ?? '',
  }));
  const clientPassword = /every demo client has the password (\S+)\)/.exec(stdout)?.[1] ?? '';
  return { staff, clientPassword };
}

/**
 * The demo firm on an app of its own (`npm run db:seed --clients N`), its mail caught by a mailbox: for the specs
 * that walk through a season's data. `dispose` stops both.
 */
export async function startDemoFirm(clients: number) {
  const mailbox = new Mailbox();
  await mailbox.start();
  const server = new AppServer({ SMTP_URL: mailbox.url });
  await server.start();
  const seeded = await server.runCli('apps/server/src/cli/db-seed.ts', ['--clients', String(clients)]);
  if (seeded.status !== 0) throw new Error(`db:seed failed: ${seeded.stderr}`);
  const taxYear = await server.withDatabase(async (db) => {
    const year = await db.execute(sql`select current_tax_year as y from site_settings`);
    return Number((year as unknown as { rows: { y: number }[] }).rows[0]?.y);
  });
  return {
    mailbox,
    server,
    taxYear,
    ...loginsOf(seeded.stdout),
    dispose: async () => {
      await server.dispose();
      await mailbox.stop();
    },
  };
}
