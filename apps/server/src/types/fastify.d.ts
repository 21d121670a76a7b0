import type { Database } from '@taxfirm/db';
import type { ObjectStorage } from '../lib/storage/object-storage.ts';
import type { MailWorker } from '../modules/mail/mail.worker.ts';

export type SessionUser = {
  id: string;
  role: 'client' | 'analyst' | 'admin';
  clientId: string | null;
  /** The sign-in e-mail, read with the session (the profile shows it; audit rows need no second query). */
  email: string;
  /** Staff only: works offshore (the India team), so refused on files without a §7216 Yes in force. */
  offshore: boolean;
  /**
   * A household member (issue 38): a login of the file `clientId` besides its holder, and what they may do;
   * null for the holder, staff and a login of no file.
   */
  member: SessionMember | null;
};

/** A household member's kind and rights (a spouse has every right; a delegate the holder's choice). */
export type SessionMember = { kind: 'spouse' | 'delegate'; canUpload: boolean; canMessage: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route authenticated by something else than the CSRF token (a provider's signed webhook). */
    skipCsrf?: boolean;
    /** A page's form posted without JavaScript: its token comes in a form field (plugins/app/page-forms.ts). */
    csrfInForm?: boolean;
  }
  interface FastifyInstance {
    db: Database;
    /** Where documents and résumés are kept (local encrypted disk or S3). */
    storage: ObjectStorage;
    /** The outbox's delivery worker (tests wake it to deliver at once). */
    mail: MailWorker;
  }
  interface FastifyReply {
    /** Set the HttpOnly session cookie (plugins/app/session.ts). */
    setSessionCookie(token: string): void;
    clearSessionCookie(): void;
    /** Start a signed-in session for this user (plugins/app/session.ts): the only way sign-ins do it. */
    startSession(userId: string): Promise<void>;
    /** Set the XSRF-TOKEN cookie bound to this session cookie, or to none (plugins/app/csrf.ts). */
    setCsrfCookie(sessionCookie?: string): void;
  }
  interface FastifyRequest {
    /** The session's user, resolved on the server; null when logged out. */
    user: SessionUser | null;
    /** The live session's id; null when logged out. */
    sessionId: string | null;
  }
}
