import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { latestEmails, renderEmail } from './outbox.ts';
import { escapeHtml } from './templates.ts';

const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
/** Headers a reverse proxy adds: a request carrying one came from elsewhere, whatever its socket says. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip', 'via'];

/**
 * A request made on this machine to this machine: a loopback peer, a loopback Host, and no sign of a proxy
 * in between (a reverse proxy on the same host connects from 127.0.0.1 too).
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  const peer = request.raw.socket.remoteAddress ?? '';
  const hostname = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
  return (
    LOOPBACK_ADDRESSES.has(peer) &&
    LOOPBACK_NAMES.has(hostname) &&
    FORWARDING_HEADERS.every((name) => request.headers[name] === undefined)
  );
}

/**
 * GET /dev/mail, outside production only (app.ts): the latest e-mails of the outbox with their links, so that
 * verification and reset links work on a machine without a mail server. It answers only a request made on
 * this machine (isLocalRequest) and is a 404 to anyone else (F-02).
 */
export async function devMailRoutes(app: FastifyInstance, { keyring }: { keyring: Keyring }) {
  app.get('/dev/mail', async (request, reply) => {
    // The app's own 404, as if the page did not exist.
    if (!isLocalRequest(request)) return reply.callNotFound();
    const rows = await latestEmails(app.db, 50);
    const items = rows
      .map((row) => {
        let text: string;
        try {
          text = renderEmail(row, keyring).text;
        } catch {
          text = `${row.text}\n\n(The link could not be opened: it was sealed with another ENCRYPTION_KEY.)`;
        }
        return `<article><h2>${escapeHtml(row.subject)}</h2><p>To ${escapeHtml(row.to)} · ${row.createdAt.toISOString()} · ${row.status}</p><pre>${escapeHtml(text)}</pre></article>`;
      })
      .join('<hr>');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox (development)</title></head><body><main><h1>Outbox (development only)</h1>${items || '<p>No e-mail yet.</p>'}</main></body></html>`,
      );
  });
}
