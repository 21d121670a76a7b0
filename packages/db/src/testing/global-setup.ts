/**
 * Vitest global setup: migrate one database per run, then let each test file copy it.
 * - PGlite: a migrated instance is dumped to a tarball that every test file loads (no migration per file).
 * - PostgreSQL (TEST_DATABASE_URL): a migrated template database; each test file gets CREATE DATABASE … TEMPLATE.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../client.ts';
import { prepareDatabase, SOURCE_MIGRATIONS_DIR } from '../migrate.ts';
import { databaseUrl, quoteIdent } from './urls.ts';

export default async function setup(project: TestProject) {
  const engine = project.config.env['TEST_DB_ENGINE'] === 'postgres' ? 'postgres' : 'pglite';
  if (engine === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'taxfirm-pglite-'));
    const handle = await createDatabase({ engine: 'pglite' });
    await prepareDatabase(handle, SOURCE_MIGRATIONS_DIR);
    const dump = await handle.dumpDataDir();
    await handle.close();
    const file = path.join(dir, 'migrated.tar.gz');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('testDatabase', { engine, snapshot: file });
    return () => rmSync(dir, { recursive: true, force: true });
  }

  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (!adminUrl) throw new Error('TEST_DATABASE_URL must be set for the PostgreSQL test project');
  const template = `taxfirm_tmpl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${quoteIdent(template)}`);
  const handle = await createDatabase({
    engine: 'postgres',
    url: databaseUrl(adminUrl, template),
    maxConnections: 1,
  });
  await prepareDatabase(handle, SOURCE_MIGRATIONS_DIR);
  await handle.close();
  project.provide('testDatabase', { engine, adminUrl, template });
  return async () => {
    await admin.query(`drop database if exists ${quoteIdent(template)} with (force)`);
    await admin.end();
  };
}
