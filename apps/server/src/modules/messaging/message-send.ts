/**
 * What the client's and the staff's message routes share: their options, and a message's send up to the
 * service call (the text or a file present, the tax year the firm's, the files prepared through the
 * documents pipeline and kept only if the send succeeds, and the firm's voice for the e-mail).
 */
import { MESSAGE_UPLOAD_FIELD } from '@taxfirm/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { fieldUploads, withPreparedUploads, type PreparedUpload } from '../../lib/uploads.ts';
import type { FirmVoice } from '../notifications/client-events.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { assertHasContent, messageTaxYear } from './messaging.service.ts';

/** The options both message route plugins are registered with (app.ts). */
export type MessagingRouteOptions = {
  settings: SettingsCache;
  keyring: Keyring;
  linkSecret: string;
  appUrl: string;
};

/**
 * Check a message's content and tax year, then prepare its files under `keyPrefix` and `run` the send with
 * them; the files are removed again if it fails.
 */
export async function withMessageUploads<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  { settings, appUrl }: Pick<MessagingRouteOptions, 'settings' | 'appUrl'>,
  message: { body: string; taxy?: number | undefined; keyPrefix: string; account: string },
  run: (send: { taxYear: number; uploads: PreparedUpload[]; voice: () => Promise<FirmVoice> }) => Promise<T>,
): Promise<T> {
  assertHasContent(message.body, fieldUploads(request, MESSAGE_UPLOAD_FIELD).length);
  const taxYear = await messageTaxYear(settings, message.taxy);
  const upload = { field: MESSAGE_UPLOAD_FIELD, keyPrefix: message.keyPrefix, account: message.account };
  return withPreparedUploads(request, app.storage, upload, (uploads) =>
    run({ taxYear, uploads, voice: async () => ({ firm: await settings.firm(), appUrl }) }),
  );
}
