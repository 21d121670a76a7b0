/**
 * Documents to sign (issue 19): the taxpayer's calls (`account/signatures/*`, identity from the session; the
 * code and the signature need a fresh step-up), the spouse's link calls (`signatures/spouse/*`, public: the
 * link's token is the identity), the staff calls (`staff/signatures/*`, file-assignment rules) and one GET
 * route per side that serves a file through a short-lived link made for that viewer.
 */
import { CALLS, MESSAGES, SIGNATURE_DOCUMENT_FIELD, SIGNATURE_RETURN_FIELD } from '@taxfirm/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientActorOf, originOf, staffActorOf } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { attachment, inline, PREVIEW_CSP } from '../../lib/content-disposition.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import {
  createSignatureLinkSigner,
  LINK_TTL_MS,
  type SignatureLinkKind,
} from '../../lib/crypto/signed-links.ts';
import { hashToken } from '../../lib/crypto/tokens.ts';
import { requireAccess } from '../../lib/guards.ts';
import { byIp, limits } from '../../lib/rate-limit.ts';
import { registerCall } from '../../lib/register-call.ts';
import { uploadKeyPrefix } from '../../lib/storage/upload-prefix.ts';
import { keepUploads, uploadsOf } from '../../lib/uploads.ts';
import { requireStepUp } from '../accounts/step-up.service.ts';
import {
  CLIENT_SIGNATURE_FILE_PATH,
  signatureFileLink,
  SPOUSE_SIGNATURE_FILE_PATH,
  STAFF_SIGNATURE_FILE_PATH,
} from '../documents/document-links.ts';
import { staffAccessLimit } from '../filings/access-limits.staff.ts';
import { getWorkableFiling } from '../filings/filings.service.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import {
  assertCanOpen,
  assertSpouseCanOpen,
  chooseSignOnPaper,
  createSignatureDocument,
  findSpouseByToken,
  listClientSignatures,
  listStaffSignatures,
  openSignerFile,
  openStaffSignatureFile,
  reopenSignatureDocument,
  resendSpouseLink,
  revokeSpouseLink,
  sendSignatureCode,
  signDocument,
  spouseView,
  voidSignatureDocument,
  type ServedFile,
  type SignerIdentity,
} from './signatures.service.ts';

/** Where the PDFs to sign, their returns and the signed files are stored (the orphan sweeper lists it). */
export const SIGNATURE_KEY_PREFIX = uploadKeyPrefix(CALLS.staffSignaturesCreate);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LINK_TTL_S = Math.floor(LINK_TTL_MS / 1000);

/** Send a PDF as stored, never cached; shown in the browser when asked (the signer reads it there). */
function sendPdf(reply: FastifyReply, file: ServedFile, isInline: boolean): FastifyReply {
  if (isInline) reply.header('content-security-policy', PREVIEW_CSP);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-length', String(file.size))
    .header('content-disposition', (isInline ? inline : attachment)(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(file.body);
}

type FileQuery = { Querystring: { t?: string; inline?: string } };

export async function signaturesRoutes(
  app: FastifyInstance,
  {
    settings,
    keyring,
    linkSecret,
    appUrl,
  }: { settings: SettingsCache; keyring: Keyring; linkSecret: string; appUrl: string },
) {
  const clientLinks = createSignatureLinkSigner(linkSecret, 'client');
  const spouseLinks = createSignatureLinkSigner(linkSecret, 'spouse');
  const staffLinks = createSignatureLinkSigner(linkSecret, 'staff');
  const voice = async () => ({ firm: await settings.firm(), appUrl });

  // ---- staff ----

  /** Before any file is stored: a client this staff member may not work stores nothing. */
  const checkCreateFields = async (request: FastifyRequest, fields: Readonly<Record<string, string>>) => {
    const clientId = fields['client_id'];
    if (typeof clientId !== 'string' || !UUID.test(clientId)) {
      throw new AppError('NOT_FOUND', { message: MESSAGES.CLIENT_NOT_FOUND });
    }
    const year = Number(fields['taxy']);
    const taxYear = await settings.taxYear(Number.isInteger(year) && year > 0 ? year : undefined);
    await getWorkableFiling(app.db, staffActorOf(request), { clientId, taxYear });
  };

  registerCall(
    app,
    CALLS.staffSignaturesCreate,
    async (request) => {
      const actor = staffActorOf(request);
      const files = uploadsOf(request);
      const document = files.find((upload) => upload.field === SIGNATURE_DOCUMENT_FIELD);
      if (!document) {
        throw new AppError('VALIDATION_FAILED', {
          message: MESSAGES.SIGNATURE_PDF_ONLY,
          details: { [SIGNATURE_DOCUMENT_FIELD]: MESSAGES.SIGNATURE_PDF_ONLY },
        });
      }
      const documentId = await createSignatureDocument({
        db: app.db,
        storage: app.storage,
        keyring,
        actor,
        voice: await voice(),
        taxYear: await settings.taxYear(request.body.taxy),
        fields: request.body,
        document,
        returnFile: files.find((upload) => upload.field === SIGNATURE_RETURN_FIELD) ?? null,
      });
      keepUploads(request);
      return {
        message: MESSAGES.SIGNATURE_CREATED,
        status_smessage: MESSAGES.SIGNATURE_CREATED,
        document_id: documentId,
      };
    },
    {
      onRequest: limits(app, {
        name: 'signature-create-staff',
        max: 120,
        window: '1 hour',
        key: (request) => request.user?.id ?? request.ip,
      }),
      beforeFiles: checkCreateFields,
    },
  );

  registerCall(app, CALLS.staffSignaturesList, async (request) => {
    const actor = staffActorOf(request);
    const list = await listStaffSignatures({
      db: app.db,
      actor,
      clientId: request.body.client_id,
      taxYear: await settings.taxYear(request.body.taxy),
      link: (kind, documentId) =>
        signatureFileLink(staffLinks, STAFF_SIGNATURE_FILE_PATH, kind, documentId, actor.userId),
    });
    return { ...list, expires_in: LINK_TTL_S };
  });

  registerCall(app, CALLS.staffSignaturesVoid, async (request) => {
    await voidSignatureDocument({
      db: app.db,
      actor: staffActorOf(request),
      documentId: request.body.document_id,
      reason: request.body.reason,
    });
    return { message: MESSAGES.SIGNATURE_VOIDED, status_smessage: MESSAGES.SIGNATURE_VOIDED };
  });

  // Security review 2: reopen a locked document (S2-06); revoke or resend the spouse's link (S2-05).
  registerCall(app, CALLS.staffSignaturesReopen, async (request) => {
    await reopenSignatureDocument({
      db: app.db,
      actor: staffActorOf(request),
      documentId: request.body.document_id,
    });
    return { message: MESSAGES.SIGNATURE_REOPENED, status_smessage: MESSAGES.SIGNATURE_REOPENED };
  });

  registerCall(app, CALLS.staffSignaturesSpouseRevoke, async (request) => {
    await revokeSpouseLink({
      db: app.db,
      actor: staffActorOf(request),
      documentId: request.body.document_id,
    });
    return {
      message: MESSAGES.SIGNATURE_SPOUSE_LINK_REVOKED,
      status_smessage: MESSAGES.SIGNATURE_SPOUSE_LINK_REVOKED,
    };
  });

  registerCall(app, CALLS.staffSignaturesSpouseResend, async (request) => {
    await resendSpouseLink({
      db: app.db,
      keyring,
      voice: await voice(),
      actor: staffActorOf(request),
      documentId: request.body.document_id,
      email: request.body.spouse_email,
    });
    return {
      message: MESSAGES.SIGNATURE_SPOUSE_LINK_RESENT,
      status_smessage: MESSAGES.SIGNATURE_SPOUSE_LINK_RESENT,
    };
  });

  /** A genuine, unexpired link of `links`, made for `who`; anything else is refused. */
  const linkOf = (
    links: typeof clientLinks,
    request: FastifyRequest<FileQuery>,
    who: string | null,
  ): { kind: SignatureLinkKind; documentId: string; who: string } => {
    const token = request.query.t;
    const payload = typeof token === 'string' ? links.verify(token) : null;
    if (!payload || (who !== null && payload.u !== who)) {
      throw new AppError('FORBIDDEN', { message: MESSAGES.DOWNLOAD_LINK_EXPIRED });
    }
    return { kind: payload.k, documentId: payload.id, who: payload.u };
  };

  app.get<FileQuery>(
    STAFF_SIGNATURE_FILE_PATH,
    {
      onRequest: requireAccess('staff'),
      preHandler: staffAccessLimit(app, 'download', settings),
      schema: { hide: true },
    },
    async (request, reply) => {
      const actor = staffActorOf(request);
      const link = linkOf(staffLinks, request, actor.userId);
      const file = await openStaffSignatureFile({
        db: app.db,
        storage: app.storage,
        actor,
        documentId: link.documentId,
        kind: link.kind,
      });
      return sendPdf(reply, file, request.query.inline === '1');
    },
  );

  // ---- the taxpayer (session) ----

  registerCall(app, CALLS.accountSignaturesList, async (request) => {
    const actor = clientActorOf(request);
    return listClientSignatures({
      db: app.db,
      actor,
      taxYear: request.body.taxy,
      signedLink: (documentId) =>
        signatureFileLink(clientLinks, CLIENT_SIGNATURE_FILE_PATH, 'signed', documentId, actor.userId),
    });
  });

  registerCall(app, CALLS.accountSignaturesOpen, async (request) => {
    const actor = clientActorOf(request);
    const { document_id: documentId, part } = request.body;
    await assertCanOpen(app.db, { kind: 'client', actor }, documentId, part);
    return {
      url: `${signatureFileLink(clientLinks, CLIENT_SIGNATURE_FILE_PATH, part, documentId, actor.userId)}&inline=1`,
      expires_in: LINK_TTL_S,
    };
  });

  registerCall(
    app,
    CALLS.accountSignaturesCode,
    async (request) => {
      const sent = await sendSignatureCode({
        db: app.db,
        keyring,
        voice: await voice(),
        who: { kind: 'client', actor: clientActorOf(request) },
        documentId: request.body.document_id,
      });
      return {
        ...sent,
        message: MESSAGES.SIGNATURE_CODE_SENT,
        status_smessage: MESSAGES.SIGNATURE_CODE_SENT,
      };
    },
    requireStepUp(app, { name: 'signature-code', perUserPerHour: 10 }),
  );

  registerCall(
    app,
    CALLS.accountSignaturesSign,
    async (request) => {
      const actor = clientActorOf(request);
      const { complete } = await signDocument({
        db: app.db,
        storage: app.storage,
        keyPrefix: SIGNATURE_KEY_PREFIX,
        firm: await settings.firm(),
        who: { kind: 'client', actor },
        documentId: request.body.document_id,
        code: request.body.code,
        signature: request.body.signature,
      });
      return {
        message: MESSAGES.SIGNATURE_SIGNED,
        status_smessage: MESSAGES.SIGNATURE_SIGNED,
        complete,
        signed_url: complete
          ? signatureFileLink(
              clientLinks,
              CLIENT_SIGNATURE_FILE_PATH,
              'signed',
              request.body.document_id,
              actor.userId,
            )
          : null,
      };
    },
    requireStepUp(app, { name: 'signature-sign', perUserPerHour: 30 }),
  );

  registerCall(app, CALLS.accountSignaturesPaper, async (request) => {
    const answer = await chooseSignOnPaper({
      db: app.db,
      actor: clientActorOf(request),
      documentId: request.body.document_id,
    });
    return {
      ...answer,
      message: MESSAGES.SIGNATURE_PAPER_STARTED,
      status_smessage: MESSAGES.SIGNATURE_PAPER_STARTED,
    };
  });

  app.get<FileQuery>(
    CLIENT_SIGNATURE_FILE_PATH,
    { onRequest: requireAccess('client'), schema: { hide: true } },
    async (request, reply) => {
      const actor = clientActorOf(request);
      const link = linkOf(clientLinks, request, actor.userId);
      const file = await openSignerFile({
        db: app.db,
        storage: app.storage,
        who: { kind: 'client', actor },
        documentId: link.documentId,
        kind: link.kind,
      });
      return sendPdf(reply, file, request.query.inline === '1' && link.kind !== 'signed');
    },
  );

  // ---- the spouse (link) ----

  /** Every spouse call, per IP: a token cannot be guessed by trying. */
  const spouseIpLimit = limits(app, { name: 'signature-spouse-ip', max: 120, window: '1 hour', key: byIp });
  const spouseOf = async (request: FastifyRequest & { body: { token: string } }) => {
    const found = await findSpouseByToken(app.db, request.body.token);
    const who: SignerIdentity = {
      kind: 'spouse',
      signerId: found.signer.id,
      documentId: found.document.id,
      origin: originOf(request),
    };
    return { found, who };
  };

  registerCall(
    app,
    CALLS.spouseSignatureGet,
    async (request) => {
      const { found } = await spouseOf(request);
      return spouseView(found, (await settings.firm()).name, () =>
        signatureFileLink(
          spouseLinks,
          SPOUSE_SIGNATURE_FILE_PATH,
          'signed',
          found.document.id,
          found.signer.id,
        ),
      );
    },
    { onRequest: spouseIpLimit },
  );

  registerCall(
    app,
    CALLS.spouseSignatureOpen,
    async (request) => {
      const { found, who } = await spouseOf(request);
      // S2-05: the e-mailed code first; the link alone serves nothing of the return.
      await assertSpouseCanOpen({
        db: app.db,
        who,
        firm: await settings.firm(),
        documentId: found.document.id,
        part: request.body.part,
        code: request.body.code,
      });
      return {
        url: `${signatureFileLink(spouseLinks, SPOUSE_SIGNATURE_FILE_PATH, request.body.part, found.document.id, found.signer.id)}&inline=1`,
        expires_in: LINK_TTL_S,
      };
    },
    { onRequest: spouseIpLimit },
  );

  registerCall(
    app,
    CALLS.spouseSignatureCode,
    async (request) => {
      const { found, who } = await spouseOf(request);
      const sent = await sendSignatureCode({
        db: app.db,
        keyring,
        voice: await voice(),
        who,
        documentId: found.document.id,
      });
      return {
        ...sent,
        message: MESSAGES.SIGNATURE_CODE_SENT,
        status_smessage: MESSAGES.SIGNATURE_CODE_SENT,
      };
    },
    {
      onRequest: spouseIpLimit,
      // Per link: five codes an hour.
      preHandler: limits(app, {
        name: 'signature-code-link',
        max: 5,
        window: '1 hour',
        key: (request) => hashToken(String((request.body as { token?: unknown } | undefined)?.token ?? '')),
      }),
    },
  );

  registerCall(
    app,
    CALLS.spouseSignatureSign,
    async (request) => {
      const { found, who } = await spouseOf(request);
      const { complete } = await signDocument({
        db: app.db,
        storage: app.storage,
        keyPrefix: SIGNATURE_KEY_PREFIX,
        firm: await settings.firm(),
        who,
        documentId: found.document.id,
        code: request.body.code,
        signature: request.body.signature,
      });
      return {
        message: MESSAGES.SIGNATURE_SIGNED,
        status_smessage: MESSAGES.SIGNATURE_SIGNED,
        complete,
        signed_url: complete
          ? signatureFileLink(
              spouseLinks,
              SPOUSE_SIGNATURE_FILE_PATH,
              'signed',
              found.document.id,
              found.signer.id,
            )
          : null,
      };
    },
    { onRequest: spouseIpLimit },
  );

  /** The spouse's file route: no session; the link names the signer, whose link must still be good. */
  app.get<FileQuery>(
    SPOUSE_SIGNATURE_FILE_PATH,
    { onRequest: spouseIpLimit, schema: { hide: true } },
    async (request, reply) => {
      const link = linkOf(spouseLinks, request, null);
      const file = await openSignerFile({
        db: app.db,
        storage: app.storage,
        who: { kind: 'spouse', signerId: link.who, documentId: link.documentId, origin: originOf(request) },
        documentId: link.documentId,
        kind: link.kind,
      });
      return sendPdf(reply, file, request.query.inline === '1' && link.kind !== 'signed');
    },
  );
}
