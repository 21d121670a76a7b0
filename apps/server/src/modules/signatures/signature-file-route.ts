/**
 * Each side's GET route for a document's files (taxpayer, spouse, staff): the side's own hooks, the link
 * checked as made for that side's viewer, the file opened by that side's service, and the PDF sent as stored.
 */
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { SignatureLinkKind } from '../../lib/crypto/signed-links.ts';
import { linkOf, sendPdf, type FileQuery, type SignatureLinks } from './signature-file-links.ts';
import type { ServedFile } from './signature-files.ts';

/** The checked link, and what every service that opens a document's file needs from it. */
export type LinkedFile = {
  link: ReturnType<typeof linkOf>;
  files: {
    db: FastifyInstance['db'];
    storage: FastifyInstance['storage'];
    documentId: string;
    kind: SignatureLinkKind;
  };
};

export function registerSignatureFileRoute(
  app: FastifyInstance,
  {
    path,
    links,
    hooks,
    viewerOf,
    open,
    showsSignedInline = false,
  }: {
    path: string;
    /** The side's signed links. */
    links: SignatureLinks;
    /** The side's guard and limits, run before the link is read. */
    hooks: Pick<RouteShorthandOptions, 'onRequest' | 'preHandler'>;
    /** Whom the link must have been made for (null: anyone, the link itself names the signer). */
    viewerOf: (request: FastifyRequest<FileQuery>) => string | null;
    open: (linked: LinkedFile, request: FastifyRequest<FileQuery>) => Promise<ServedFile>;
    /** Whether the signed copy may be shown in the browser too (otherwise it is always downloaded). */
    showsSignedInline?: boolean;
  },
): void {
  app.get<FileQuery>(path, { ...hooks, schema: { hide: true } }, async (request, reply) => {
    const link = linkOf(links, request, viewerOf(request));
    const file = await open(
      {
        link,
        files: { db: app.db, storage: app.storage, documentId: link.documentId, kind: link.kind },
      },
      request,
    );
    const isInline = request.query.inline === '1' && (showsSignedInline || link.kind !== 'signed');
    return sendPdf(reply, file, isInline);
  });
}
