import type { FastifyInstance } from 'fastify';
import { latestEmails } from './outbox.ts';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * GET /dev/mail, outside production only: the latest e-mails of the outbox, so that verification and reset
 * links work on a machine without a mail server. Registered only when the app is not in production.
 */
export async function devMailRoutes(app: FastifyInstance) {
  app.get('/dev/mail', async (_request, reply) => {
    const rows = await latestEmails(app.db, 50);
    const items = rows
      .map(
        (row) =>
          `<article><h2>${escapeHtml(row.subject)}</h2><p>To ${escapeHtml(row.to)} · ${row.createdAt.toISOString()} · ${row.status}</p><pre>${escapeHtml(row.text)}</pre></article>`,
      )
      .join('<hr>');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox (development)</title></head><body><main><h1>Outbox (development only)</h1>${items || '<p>No e-mail yet.</p>'}</main></body></html>`,
      );
  });
}
