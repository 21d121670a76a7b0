/**
 * Documents to sign, the taxpayer's calls (`account/signatures/*`): identity from the session; the code and
 * the signature need a fresh step-up. The GET route serves a file through a short-lived link made for them.
 */
import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { assertClientMay, clientActorOf, clientMay } from '../../lib/actor.ts';
import type { SignatureLinkKind } from '../../lib/crypto/signed-links.ts';
import { requireAccess } from '../../lib/guards.ts';
import { registerCall } from '../../lib/register-call.ts';
import { hasFreshStepUp, requireStepUp } from '../accounts/step-up.service.ts';
import { AppError } from '../../lib/app-error.ts';
import { CLIENT_SIGNATURE_FILE_PATH, signatureFileLink } from '../documents/document-links.ts';
import { codeSentAnswer, signedAnswer } from './signature-answers.ts';
import { LINK_TTL_S, signatureRoutesKit, type SignatureRoutesOptions } from './signature-file-links.ts';
import { registerSignatureFileRoute } from './signature-file-route.ts';
import { assertSignatureYearOpen, isFiledReturn } from '../years/closed-years.ts';
import { SIGNATURE_KEY_PREFIX } from './signature-files.ts';
import {
  assertCanOpen,
  chooseSignOnPaper,
  listClientSignatures,
  openSignerFile,
  sendSignatureCode,
  signDocument,
} from './signing.service.ts';

export async function signaturesRoutes(app: FastifyInstance, options: SignatureRoutesOptions) {
  const { settings, keyring } = options;
  const { links: clientLinks, voice } = signatureRoutesKit(options, 'client');
  /** A short-lived link to one part of a document, made for the signed-in taxpayer. */
  const clientFileLink = (part: SignatureLinkKind, documentId: string, userId: string) =>
    signatureFileLink(clientLinks, CLIENT_SIGNATURE_FILE_PATH, part, documentId, userId);
  /** A closed tax year's document is read-only (issue 38): no code, signature or paper for it. */
  const assertYearOpen = async (actor: { clientId: string }, documentId: string) =>
    assertSignatureYearOpen(app.db, {
      clientId: actor.clientId,
      documentId,
      currentTaxYear: await settings.taxYear(),
    });

  registerCall(app, CALLS.accountSignaturesList, async (request) => {
    const actor = clientActorOf(request);
    return listClientSignatures({
      db: app.db,
      actor,
      taxYear: request.body.taxy,
      // A document to sign is a tax form with identity numbers in full: never a delegate's (issue 38).
      signedLink: (documentId) =>
        clientMay(actor, 'reveal') ? clientFileLink('signed', documentId, actor.userId) : null,
    });
  });

  registerCall(app, CALLS.accountSignaturesOpen, async (request) => {
    const actor = clientActorOf(request);
    const { document_id: documentId, part } = request.body;
    assertClientMay(actor, 'reveal');
    // A signed document's return is the filed return: downloaded after a fresh step-up only (issue 38).
    if (
      part === 'return' &&
      (await isFiledReturn(app.db, { clientId: actor.clientId, documentId })) &&
      !(request.sessionId && (await hasFreshStepUp(app.db, request.sessionId)))
    ) {
      throw new AppError('STEP_UP_REQUIRED');
    }
    await assertCanOpen(app.db, { kind: 'client', actor }, documentId, part);
    return {
      url: `${clientFileLink(part, documentId, actor.userId)}&inline=1`,
      expires_in: LINK_TTL_S,
    };
  });

  registerCall(
    app,
    CALLS.accountSignaturesCode,
    async (request) => {
      await assertYearOpen(clientActorOf(request), request.body.document_id);
      const sent = await sendSignatureCode({
        db: app.db,
        keyring,
        voice: await voice(),
        who: { kind: 'client', actor: clientActorOf(request) },
        documentId: request.body.document_id,
      });
      return codeSentAnswer(sent);
    },
    requireStepUp(app, { name: 'signature-code', perUserPerHour: 10 }),
  );

  registerCall(
    app,
    CALLS.accountSignaturesSign,
    async (request) => {
      const actor = clientActorOf(request);
      await assertYearOpen(actor, request.body.document_id);
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
      return signedAnswer(complete, () => clientFileLink('signed', request.body.document_id, actor.userId));
    },
    requireStepUp(app, { name: 'signature-sign', perUserPerHour: 30 }),
  );

  registerCall(app, CALLS.accountSignaturesPaper, async (request) => {
    await assertYearOpen(clientActorOf(request), request.body.document_id);
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

  registerSignatureFileRoute(app, {
    path: CLIENT_SIGNATURE_FILE_PATH,
    links: clientLinks,
    hooks: { onRequest: requireAccess('client') },
    viewerOf: (request) => clientActorOf(request).userId,
    open: ({ files }, request) => {
      const actor = clientActorOf(request);
      assertClientMay(actor, 'reveal');
      return openSignerFile({ ...files, who: { kind: 'client', actor } });
    },
  });
}
