/**
 * Documents to sign, the spouse's link calls (`signatures/spouse/*`): public, the link's token is the only
 * identity, every call limited per IP. The GET route serves a file through a short-lived link made for the
 * spouse's signer row, whose own link must still be good.
 */
import { CALLS } from '@taxfirm/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { originOf } from '../../lib/actor.ts';
import type { SignatureLinkKind } from '../../lib/crypto/signed-links.ts';
import { hashToken } from '../../lib/crypto/tokens.ts';
import { byIp, limits } from '../../lib/rate-limit.ts';
import { registerCall } from '../../lib/register-call.ts';
import { signatureFileLink, SPOUSE_SIGNATURE_FILE_PATH } from '../documents/document-links.ts';
import { codeSentAnswer, signedAnswer } from './signature-answers.ts';
import { LINK_TTL_S, signatureRoutesKit, type SignatureRoutesOptions } from './signature-file-links.ts';
import { registerSignatureFileRoute } from './signature-file-route.ts';
import { SIGNATURE_KEY_PREFIX } from './signature-files.ts';
import { spouseView } from './signature-views.ts';
import { findSpouseByToken, type SignerIdentity } from './signer-identity.ts';
import { closedYear, isClosedYear } from '../years/closed-years.ts';
import { assertSpouseCanOpen, openSignerFile, sendSignatureCode, signDocument } from './signing.service.ts';

type SpouseLink = Awaited<ReturnType<typeof findSpouseByToken>>;

export async function signaturesSpouseRoutes(app: FastifyInstance, options: SignatureRoutesOptions) {
  const { settings, keyring } = options;
  const { links: spouseLinks, voice } = signatureRoutesKit(options, 'spouse');

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
  /** A closed tax year's document is read-only (issue 38): no code or signature for it. */
  const assertYearOpen = async (found: SpouseLink) => {
    if (isClosedYear(found.taxYear, await settings.taxYear())) throw closedYear();
  };
  /** A short-lived link to one part of the spouse's document, made for the spouse's signer row. */
  const spouseFileLink = (found: SpouseLink, part: SignatureLinkKind) =>
    signatureFileLink(spouseLinks, SPOUSE_SIGNATURE_FILE_PATH, part, found.document.id, found.signer.id);

  registerCall(
    app,
    CALLS.spouseSignatureGet,
    async (request) => {
      const { found } = await spouseOf(request);
      return spouseView(found, (await settings.firm()).name, () => spouseFileLink(found, 'signed'));
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
        url: `${spouseFileLink(found, request.body.part)}&inline=1`,
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
      await assertYearOpen(found);
      const sent = await sendSignatureCode({
        db: app.db,
        keyring,
        voice: await voice(),
        who,
        documentId: found.document.id,
      });
      return codeSentAnswer(sent);
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
      await assertYearOpen(found);
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
      return signedAnswer(complete, () => spouseFileLink(found, 'signed'));
    },
    { onRequest: spouseIpLimit },
  );

  /** The spouse's file route: no session; the link names the signer, whose link must still be good. */
  registerSignatureFileRoute(app, {
    path: SPOUSE_SIGNATURE_FILE_PATH,
    links: spouseLinks,
    hooks: { onRequest: spouseIpLimit },
    viewerOf: () => null,
    open: ({ link, files }, request) =>
      openSignerFile({
        ...files,
        who: { kind: 'spouse', signerId: link.who, documentId: link.documentId, origin: originOf(request) },
      }),
  });
}
