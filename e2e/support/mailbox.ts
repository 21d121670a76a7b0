/** A real SMTP server for the browser suite: the app sends its e-mails here and tests read them. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type Mail = { to: string[]; body: string };

/** Undo quoted-printable (soft line breaks and =XX bytes) so links read as sent. */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

export class Mailbox {
  readonly received: Mail[] = [];
  private server: SMTPServer | undefined;
  port = 0;

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(port = 0): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.received.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            body: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.server = server;
    this.port = (server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The first link to `path` in the newest e-mail to `to` received after `since` (waits for it). */
  async link(to: string, path: string, since = 0, timeoutMs = 15_000): Promise<URL> {
    const deadline = Date.now() + timeoutMs;
    const pattern = new RegExp(`https?://[^\\s"<>]+/${path}[^\\s"<>]*`);
    while (Date.now() < deadline) {
      const mails = this.received.slice(since).filter((m) => m.to.includes(to.toLowerCase()));
      for (const mail of mails.reverse()) {
        const match = pattern.exec(mail.body);
        if (match) return new URL(match[0].replaceAll('&amp;', '&'));
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`No e-mail to ${to} with a ${path} link arrived`);
  }
}
