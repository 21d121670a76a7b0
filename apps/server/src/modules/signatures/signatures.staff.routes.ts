/**
 * Documents to sign in the staff console (`staff/signatures/*`): put a PDF up, list, void, reopen a locked
 * document, revoke or resend the spouse's link, under the file-assignment rules; and the GET route that
 * serves a document's files through a short-lived link made for this staff member.
 */
import {
  CALLS,
  MESSAGES,
  SIGNATURE_DOCUMENT_FIELD,
  SIGNATURE_RETURN_FIELD,
  type CallDefinition,
  type signatureMessageResponseSchema,
} from '@taxfirm/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { staffActorOf } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireAccess } from '../../lib/guards.ts';
import { byUser, limits } from '../../lib/rate-limit.ts';
import { registerCall } from '../../lib/register-call.ts';
import { staffFileOf } from '../../lib/staff-file-call.ts';
import { keepUploads, uploadsOf } from '../../lib/uploads.ts';
import { signatureFileLink, STAFF_SIGNATURE_FILE_PATH } from '../documents/document-links.ts';
import { staffAccessLimit } from '../filings/access-limits.staff.ts';
import { getWorkableFiling } from '../filings/filings.service.ts';
import type { z } from 'zod';
import { LINK_TTL_S, signatureRoutesKit, type SignatureRoutesOptions } from './signature-file-links.ts';
import { registerSignatureFileRoute } from './signature-file-route.ts';
import {
  createSignatureDocument,
  listStaffSignatures,
  openStaffSignatureFile,
  voidSignatureDocument,
} from './signatures.staff.service.ts';
import {
  listSignatureTemplates,
  removeSignatureTemplate,
  saveSignatureTemplate,
} from './signature-templates.staff.service.ts';
import {
  reopenSignatureDocument,
  resendSpouseLink,
  revokeSpouseLink,
} from './signer-access.staff.service.ts';

/** What a change to one document starts from: who asks, and which document. */
type DocumentChange = Parameters<typeof reopenSignatureDocument>[0];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function signaturesStaffRoutes(app: FastifyInstance, options: SignatureRoutesOptions) {
  const { settings, keyring } = options;
  const { links: staffLinks, voice } = signatureRoutesKit(options, 'staff');

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
        key: byUser,
      }),
      beforeFiles: checkCreateFields,
    },
  );

  registerCall(app, CALLS.staffSignatureTemplatesList, async () => ({
    templates: await listSignatureTemplates(app.db),
  }));

  registerCall(app, CALLS.staffSignatureTemplatesSave, async (request) => {
    const document = uploadsOf(request).find((upload) => upload.field === SIGNATURE_DOCUMENT_FIELD);
    if (!document) {
      throw new AppError('VALIDATION_FAILED', {
        message: MESSAGES.SIGNATURE_PDF_ONLY,
        details: { [SIGNATURE_DOCUMENT_FIELD]: MESSAGES.SIGNATURE_PDF_ONLY },
      });
    }
    await saveSignatureTemplate(
      { db: app.db, storage: app.storage, actor: staffActorOf(request) },
      { ...request.body, document },
    );
    keepUploads(request);
    return {
      status_smessage: MESSAGES.SIGNATURE_TEMPLATE_SAVED,
      templates: await listSignatureTemplates(app.db),
    };
  });

  registerCall(app, CALLS.staffSignatureTemplatesRemove, async (request) => {
    await removeSignatureTemplate(app.db, staffActorOf(request), request.body.template_id);
    return {
      status_smessage: MESSAGES.SIGNATURE_TEMPLATE_REMOVED,
      templates: await listSignatureTemplates(app.db),
    };
  });

  registerCall(app, CALLS.staffSignaturesList, async (request) => {
    const file = await staffFileOf(app, settings, request);
    const list = await listStaffSignatures({
      ...file,
      link: (kind, documentId) =>
        signatureFileLink(staffLinks, STAFF_SIGNATURE_FILE_PATH, kind, documentId, file.actor.userId),
    });
    return { ...list, expires_in: LINK_TTL_S };
  });

  /** A staff change to one document (the service checks the file-assignment rules), answered with its message. */
  const registerDocumentChange = <B extends z.ZodType<{ document_id: string }>>(
    call: CallDefinition<B, typeof signatureMessageResponseSchema>,
    message: string,
    change: (deps: DocumentChange, body: z.output<B>) => Promise<void>,
  ) =>
    registerCall(app, call, async (request) => {
      await change(
        { db: app.db, actor: staffActorOf(request), documentId: request.body.document_id },
        request.body,
      );
      return { message, status_smessage: message };
    });
  registerDocumentChange(CALLS.staffSignaturesVoid, MESSAGES.SIGNATURE_VOIDED, (deps, body) =>
    voidSignatureDocument({ ...deps, reason: body.reason }),
  );
  // Security review 2: reopen a locked document (S2-06); revoke or resend the spouse's link (S2-05).
  registerDocumentChange(CALLS.staffSignaturesReopen, MESSAGES.SIGNATURE_REOPENED, reopenSignatureDocument);
  registerDocumentChange(
    CALLS.staffSignaturesSpouseRevoke,
    MESSAGES.SIGNATURE_SPOUSE_LINK_REVOKED,
    revokeSpouseLink,
  );
  registerDocumentChange(
    CALLS.staffSignaturesSpouseResend,
    MESSAGES.SIGNATURE_SPOUSE_LINK_RESENT,
    async (deps, body) =>
      resendSpouseLink({ ...deps, keyring, voice: await voice(), email: body.spouse_email }),
  );

  registerSignatureFileRoute(app, {
    path: STAFF_SIGNATURE_FILE_PATH,
    links: staffLinks,
    hooks: { onRequest: requireAccess('staff'), preHandler: staffAccessLimit(app, 'download', settings) },
    viewerOf: (request) => staffActorOf(request).userId,
    open: ({ files }, request) => openStaffSignatureFile({ ...files, actor: staffActorOf(request) }),
    showsSignedInline: true,
  });
}
