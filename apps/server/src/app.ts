import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { EMAIL_OUTBOX_CHANNEL, type DatabaseHandle } from '@taxfirm/db';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Keyring } from './lib/crypto/keyring.ts';
import { createAccessLog, lazyChildLoggerFactory, loggerOptions } from './lib/logger.ts';
import { registerRateLimit } from './lib/rate-limit.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { devMailRoutes } from './modules/mail/mail.routes.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { requestsRoutes } from './modules/requests/requests.routes.ts';
import { yearsRoutes } from './modules/years/years.routes.ts';
import { householdRoutes } from './modules/household/household.routes.ts';
import { householdStaffRoutes } from './modules/household/household.staff.routes.ts';
import { requestsUploadRoutes } from './modules/requests/requests.upload.routes.ts';
import { requestsStaffRoutes } from './modules/requests/requests.staff.routes.ts';
import { messagingRoutes } from './modules/messaging/messaging.routes.ts';
import { messagingStaffRoutes } from './modules/messaging/messaging.staff.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { createTransport, startMailWorker } from './modules/mail/mail.worker.ts';
import { sessionPlugin } from './plugins/app/session.ts';
import { defineJob, startJobs } from './lib/jobs.ts';
import type { ObjectStorage } from './lib/storage/object-storage.ts';
import { startOrphanSweeper } from './lib/storage/orphan-sweeper.ts';
import { closeSandbox, configureSandbox, type SandboxOptions } from './lib/files/sandbox.ts';
import { careersRoutes } from './modules/careers/careers.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { referralsRoutes } from './modules/referrals/referrals.routes.ts';
import { consentsRoutes } from './modules/consents/consents.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { staffAuthRoutes } from './modules/staff/staff-auth.routes.ts';
import { filingsStaffRoutes } from './modules/filings/filings.staff.routes.ts';
import { workQueuesRoutes } from './modules/staff/work-queues.routes.ts';
import { countQueueView, queueQueryOf, queueSelectionSql } from './modules/staff/work-queues.service.ts';
import { viewsStaffRoutes } from './modules/views/views.staff.routes.ts';
import { reportsStaffRoutes } from './modules/reports/reports.staff.routes.ts';
import { accountsStaffRoutes } from './modules/accounts/accounts.staff.routes.ts';
import { auditStaffRoutes } from './modules/audit/audit.staff.routes.ts';
import { staffTeamRoutes } from './modules/staff/team.routes.ts';
import { staffPasswordRoutes } from './modules/staff/staff-password.routes.ts';
import { stepUpRoutes } from './modules/accounts/step-up.routes.ts';
import { passkeysRoutes } from './modules/accounts/passkeys.routes.ts';
import { staffPasskeysRoutes } from './modules/staff/staff-passkeys.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { fileNumbersStaffRoutes } from './modules/filings/file-numbers.staff.routes.ts';
import { staffSettingsRoutes } from './modules/settings/settings.staff.routes.ts';
import { documentsStaffRoutes } from './modules/documents/documents.staff.routes.ts';
import { profileStaffRoutes } from './modules/profile/profile.staff.routes.ts';
import { taxSummariesStaffRoutes } from './modules/documents/tax-summaries.staff.routes.ts';
import { inboxRoutes } from './modules/inbox/inbox.routes.ts';
import {
  createPaymentProvider,
  type PaymentsAppConfig,
} from './modules/payments/providers/create-provider.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { isApiUrl } from './plugins/app/api-url.ts';
import { csrfPlugin } from './plugins/app/csrf.ts';
import { multipartPlugin } from './plugins/app/multipart.ts';
import { clientErrorHandler, errorsPlugin } from './plugins/app/errors.ts';
import { createPageForms } from './plugins/app/page-forms.ts';
import { webPlugin, type WebOptions } from './plugins/app/web.ts';
import { securityHeadersPlugin } from './plugins/external/security-headers.ts';
import { createSettingsCache, type SettingsCache } from './modules/settings/settings.cache.ts';
import { requestsRemindRoutes } from './modules/requests/requests.remind.routes.ts';
import { startReminderScheduler } from './modules/requests/reminders.service.ts';
import { startRetentionScheduler } from './modules/documents/retention.service.ts';
import { activityRoutes } from './modules/activity/activity.routes.ts';
import { alertsRoutes } from './modules/activity/alerts.routes.ts';
import { startDigestScheduler } from './modules/activity/digest.service.ts';
import { signaturesRoutes } from './modules/signatures/signatures.routes.ts';
import { signaturesSpouseRoutes } from './modules/signatures/signatures.spouse.routes.ts';
import { signaturesStaffRoutes } from './modules/signatures/signatures.staff.routes.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import { invoicesStaffRoutes } from './modules/invoices/invoices.staff.routes.ts';
import { billingPdfRoutes } from './modules/invoices/billing-pdf.routes.ts';
import { billingRoutes } from './modules/invoices/billing.routes.ts';
import { billingStaffRoutes } from './modules/invoices/billing.staff.routes.ts';
import { deliverablesRoutes } from './modules/deliverables/deliverables.routes.ts';
import { deliverablesStaffRoutes } from './modules/deliverables/deliverables.staff.routes.ts';
import { workStaffRoutes } from './modules/work/work.staff.routes.ts';
import { bulkStaffRoutes } from './modules/bulk/bulk.staff.routes.ts';
import { startBulkScheduler } from './modules/bulk/bulk-runner.ts';
import { automationsStaffRoutes } from './modules/automations/automations.staff.routes.ts';
import { organizerRoutes } from './modules/organizer/organizer.routes.ts';
import { organizerStaffRoutes } from './modules/organizer/organizer.staff.routes.ts';
import { ratesStaffRoutes } from './modules/rates/rates.staff.routes.ts';
import { startAutomationScheduler } from './modules/automations/automation-runner.ts';
import { startRefundReconciler } from './modules/invoices/billing.service.ts';
import { startWorkCandidatesScheduler } from './modules/work/work-candidates.ts';
import { startAuditSealer } from './modules/audit/audit-sealer.ts';
import { receiptPdf } from './modules/invoices/billing-pdf.ts';
import { billingAttachments } from './modules/invoices/receipt-attachment.ts';

export type AppConfig = {
  isProduction: boolean;
  /** The site's public origin (APP_URL). */
  appUrl: string;
  sessionSecret: string;
  logLevel: string;
  trustProxy: number;
  web: WebOptions;
  mail: {
    /** SMTP delivery; without it (outside production) e-mails are kept for /dev/mail (never logged). */
    smtpUrl: string | undefined;
    /** A plain smtp:// connection must upgrade with STARTTLS (production, env.ts). */
    requireTls?: boolean;
    from: string;
    /** How often the outbox is polled for retries (new messages are sent at once). */
    pollMs?: number;
    /** Sent e-mails are deleted after this many days (MAIL_RETENTION_DAYS; 30 by default). */
    retentionDays?: number;
  };
  /**
   * The sweeper of orphaned uploads (lib/storage/orphan-sweeper.ts): on unless `enabled` is false; the
   * other fields override its defaults (an hour's grace, a pass a minute after start, then hourly).
   */
  orphanSweeper?: { enabled?: boolean; graceMs?: number; firstRunMs?: number; intervalMs?: number };
  /**
   * The checklist reminders' scheduler (modules/requests/reminders.service.ts): on unless `enabled` is
   * false; the other fields override its defaults (a pass two minutes after start, then hourly).
   */
  reminders?: { enabled?: boolean; intervalMs?: number; firstRunMs?: number };
  /**
   * The records retention pass (modules/documents/retention.service.ts): on unless `enabled` is false;
   * `years` is RECORDS_RETENTION_YEARS (7 if unset); the timing fields override its defaults (a pass five
   * minutes after start, then daily).
   */
  retention?: { enabled?: boolean; years?: number; intervalMs?: number; firstRunMs?: number };
  /**
   * The staff digest's scheduler (modules/activity/digest.service.ts): on unless `enabled` is false; the
   * other fields override its defaults (a pass three minutes after start, then every ten minutes).
   */
  digest?: { enabled?: boolean; intervalMs?: number; firstRunMs?: number };
  /**
   * My work's candidates kept up to date in the background (modules/work/work-candidates.ts): on unless
   * `enabled` is false; the other fields override its defaults (a pass a second after start, then every 5 s).
   */
  workCandidates?: { enabled?: boolean; intervalMs?: number; firstRunMs?: number };
  /**
   * The audit chain's sealer (modules/audit/audit-sealer.ts, ADR 032): on unless `enabled` is false; the other
   * fields override its defaults (a pass half a second after start, then every second).
   */
  auditSealer?: { enabled?: boolean; intervalMs?: number; firstRunMs?: number };
  /** The bulk jobs' runner (issue 36). */
  bulk?: { enabled?: boolean; intervalMs?: number; firstRunMs?: number };
  /** The status automations' runner (issue 36). */
  automations?: { enabled?: boolean; intervalMs?: number; firstRunMs?: number };
  /**
   * The pass that settles refunds left pending (S2-09, modules/invoices/billing.service.ts): on unless
   * `enabled` is false; the other fields override its defaults (a pass 30 s after start, then every ten
   * minutes, for rows pending longer than five minutes).
   */
  refundReconcile?: { enabled?: boolean; intervalMs?: number; firstRunMs?: number; olderThanMs?: number };
  /** The card payment provider; the sandbox when not given (env.ts refuses the sandbox in production). */
  payments?: PaymentsAppConfig;
  /** Résumé bytes stored per 24 hours across every applicant (CAREERS_RESUME_BYTES_PER_DAY; 500 MB if unset). */
  careers?: { resumeBytesPerDay?: number };
  /** The files sandbox's limits (lib/files/sandbox.ts; SANDBOX_* in env.ts); its defaults when not given. */
  sandbox?: Partial<SandboxOptions>;
};

export type AppDeps = {
  config: AppConfig;
  database: DatabaseHandle;
  storage: ObjectStorage;
  /** Seals secrets at rest (MFA secrets, file keys) with ENCRYPTION_KEY. */
  keyring: Keyring;
  /** Shared rate-limit counters when several instances run (REDIS_URL); in memory otherwise. */
  redis?: Redis;
  /** Where logs go (tests capture them); stdout by default. */
  logStream?: NodeJS.WritableStream;
};

/** JSON bodies are small; uploads (multipart) have their own limit. */
const JSON_BODY_LIMIT = 1024 * 1024;

/** What the background jobs are started with. */
type JobDeps = {
  config: AppConfig;
  db: DatabaseHandle['db'];
  storage: ObjectStorage;
  settings: SettingsCache;
  keyring: Keyring;
  log: FastifyBaseLogger;
};

/** The background jobs, started in this order, each with its own settings from the config. */
const JOBS = [
  defineJob({
    name: 'audit sealer',
    settingsOf: ({ config }: JobDeps) => config.auditSealer,
    start: ({ db, log }, timing) => startAuditSealer({ db, log, ...timing }),
  }),
  defineJob({
    name: 'orphan sweeper',
    settingsOf: ({ config }: JobDeps) => config.orphanSweeper,
    start: ({ db, storage, log }, timing) => startOrphanSweeper({ db, storage, log, ...timing }),
  }),
  defineJob({
    name: 'checklist reminders',
    settingsOf: ({ config }: JobDeps) => config.reminders,
    start: ({ config, db, settings, log }, timing) =>
      startReminderScheduler({ db, settings, appUrl: config.appUrl, log, ...timing }),
  }),
  defineJob({
    name: 'records retention',
    settingsOf: ({ config }: JobDeps) => config.retention,
    start: ({ db, storage, log }, retention) => startRetentionScheduler({ db, storage, log, ...retention }),
  }),
  defineJob({
    name: 'staff digest',
    settingsOf: ({ config }: JobDeps) => config.digest,
    start: ({ config, db, settings, log }, timing) =>
      startDigestScheduler({ db, settings, appUrl: config.appUrl, log, ...timing }),
  }),
  defineJob({
    name: 'my work candidates',
    settingsOf: ({ config }: JobDeps) => config.workCandidates,
    start: ({ db, log }, timing) => startWorkCandidatesScheduler({ db, log, ...timing }),
  }),
  defineJob({
    name: 'bulk jobs',
    settingsOf: ({ config }: JobDeps) => config.bulk,
    start: ({ config, db, settings, keyring, storage, log }, timing) =>
      startBulkScheduler({
        db,
        voice: async () => ({ firm: await settings.firm(), appUrl: config.appUrl }),
        keyring,
        storage,
        log,
        ...timing,
      }),
  }),
  defineJob({
    name: 'status automations',
    settingsOf: ({ config }: JobDeps) => config.automations,
    start: ({ config, db, settings, keyring, storage, log }, timing) =>
      startAutomationScheduler({
        db,
        voice: async () => ({ firm: await settings.firm(), appUrl: config.appUrl }),
        keyring,
        storage,
        log,
        ...timing,
      }),
  }),
];

/** Build the application: plugins, then modules. Never listens; server.ts does. */
export async function buildApp({
  config,
  database,
  storage,
  keyring,
  redis,
  logStream,
}: AppDeps): Promise<FastifyInstance> {
  const logger = loggerOptions(config.logLevel);
  const app = Fastify({
    logger: logStream ? { ...logger, stream: logStream } : logger,
    bodyLimit: JSON_BODY_LIMIT,
    // Trust exactly TRUST_PROXY hops of X-Forwarded-* (the load balancers in front), no more.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxy,
    routerOptions: { ignoreDuplicateSlashes: true, ignoreTrailingSlash: true, maxParamLength: 200 },
    // Our own id for every request (F-18): a caller cannot choose the log's correlation id.
    requestIdHeader: false,
    // Our onResponse hook writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Each request's logger (reqId bound) is made the first time it logs: most requests never do.
    childLoggerFactory: lazyChildLoggerFactory,
    genReqId: () => randomUUID(),
    clientErrorHandler,
    connectionTimeout: 60_000,
    requestTimeout: 120_000,
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('storage', storage);
  app.decorateRequest('user', null);
  // The files sandbox's children start at the first upload that needs one; closing the app stops them.
  configureSandbox(config.sandbox ?? {});
  app.addHook('onClose', () => closeSandbox());
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // API answers are personal or current: never cached by a browser or proxy.
    if (isApiUrl(request.url)) reply.header('cache-control', 'no-store');
    done();
  });
  // One log line per request, when it completes (Fastify's default writes two). Its fields are fixed (method,
  // sanitised url, ip, status, time, request ids), so it is written from a template (lib/logger.ts).
  const accessLog = createAccessLog(app.log);
  app.addHook('onResponse', (request, reply, done) => {
    accessLog(request, reply);
    done();
  });

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, {
    isProduction: config.isProduction,
    paymentProvider: config.payments?.provider ?? 'sandbox',
  });
  await app.register(cookie);
  // Multipart bodies are read only by multipart calls, file by file, with each call's own limits.
  // Its per-request hooks run for multipart requests only (plugins/app/multipart.ts).
  await app.register(multipartPlugin, { throwFileSizeLimit: false });
  await app.register(csrfPlugin, { secret: config.sessionSecret, secureCookies: config.isProduction });
  await app.register(sessionPlugin, { secureCookies: config.isProduction });
  await registerRateLimit(app, redis);
  const payments = config.payments ?? { provider: 'sandbox' };
  // The API's documentation lists every staff call: served outside production only (F-18).
  if (!config.isProduction) {
    await app.register(swagger, {
      openapi: { info: { title: 'Tax firm API', version: '1.0.0' } },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  }

  await app.register(healthRoutes, { ping: database.ping });
  const settings = await createSettingsCache(database);
  app.addHook('onClose', () => settings.close());

  const mail = startMailWorker({
    db: database.db,
    transport: config.mail.smtpUrl
      ? createTransport(config.mail.smtpUrl, { requireTls: config.mail.requireTls ?? false })
      : null,
    keyring,
    from: config.mail.from,
    log: app.log,
    ...(config.mail.pollMs ? { pollMs: config.mail.pollMs } : {}),
    ...(config.mail.retentionDays ? { retentionDays: config.mail.retentionDays } : {}),
    // Receipts are rendered and attached when their e-mail is sent (never stored).
    attachments: billingAttachments(database.db, () => settings.firm(), receiptPdf),
  });
  app.decorate('mail', mail);
  // Every committed e-mail wakes the worker (migration 0014's trigger), on this instance and every other one.
  const stopListening = await database
    .listen(EMAIL_OUTBOX_CHANNEL, () => void mail.wake())
    .catch(async (error: unknown) => {
      await mail.stop();
      throw error;
    });
  app.addHook('onClose', async () => {
    await stopListening();
    await mail.stop();
  });

  startJobs(app, JOBS, { config, db: database.db, storage, settings, keyring, log: app.log });

  await app.register(settingsRoutes, { settings });
  await app.register(accountsRoutes, { settings, appUrl: config.appUrl, keyring });
  await app.register(profileRoutes, { settings, keyring });
  await app.register(staffAuthRoutes, { settings, keyring });
  await app.register(staffPasswordRoutes, { settings, appUrl: config.appUrl, keyring });
  await app.register(stepUpRoutes, { settings, keyring, appUrl: config.appUrl });
  // Passkeys and e-mailed sign-in codes (issue 38): the relying party is APP_URL, never the Host header.
  await app.register(passkeysRoutes, { settings, appUrl: config.appUrl, keyring });
  await app.register(staffPasskeysRoutes, { settings, appUrl: config.appUrl });
  await app.register(workQueuesRoutes, { settings });
  await app.register(filingsStaffRoutes, { settings, appUrl: config.appUrl });
  await app.register(accountsStaffRoutes, { settings, appUrl: config.appUrl, keyring });
  await app.register(householdRoutes, { settings, appUrl: config.appUrl, keyring });
  await app.register(householdStaffRoutes, { settings, appUrl: config.appUrl, keyring });
  await app.register(staffTeamRoutes, { settings, appUrl: config.appUrl, keyring });
  await app.register(auditStaffRoutes);
  await app.register(notificationsRoutes);
  await app.register(fileNumbersStaffRoutes, { settings });
  await app.register(deliverablesStaffRoutes, { settings });
  await app.register(deliverablesRoutes, { settings });
  await app.register(workStaffRoutes, { settings });
  await app.register(bulkStaffRoutes, {
    settings,
    queueSelection: (actor, taxYear, filter) => queueSelectionSql(actor, taxYear, queueQueryOf(filter)),
  });
  await app.register(automationsStaffRoutes);
  await app.register(organizerRoutes, { settings, keyring, appUrl: config.appUrl });
  await app.register(organizerStaffRoutes, { settings, keyring, appUrl: config.appUrl });
  await app.register(ratesStaffRoutes);
  await app.register(reportsStaffRoutes, { settings });
  await app.register(viewsStaffRoutes, {
    settings,
    countOf: (actor, taxYear, query) => countQueueView(app.db, actor, taxYear, queueQueryOf(query)),
  });
  await app.register(staffSettingsRoutes, { settings });
  await app.register(taxSummariesStaffRoutes, { settings, appUrl: config.appUrl });
  await app.register(inboxRoutes);
  await app.register(documentsStaffRoutes, { settings, linkSecret: config.sessionSecret });
  await app.register(profileStaffRoutes, { settings, keyring });
  await app.register(requestsRemindRoutes, { settings, appUrl: config.appUrl });
  await app.register(documentsRoutes, { settings, linkSecret: config.sessionSecret });
  await app.register(requestsRoutes, { settings, linkSecret: config.sessionSecret });
  await app.register(yearsRoutes, { settings, linkSecret: config.sessionSecret });
  await app.register(requestsUploadRoutes, { settings, keyring });
  await app.register(requestsStaffRoutes, { settings, linkSecret: config.sessionSecret });
  await app.register(activityRoutes);
  await app.register(alertsRoutes);
  const messaging = { settings, keyring, linkSecret: config.sessionSecret, appUrl: config.appUrl };
  await app.register(messagingRoutes, messaging);
  await app.register(messagingStaffRoutes, messaging);
  await app.register(signaturesStaffRoutes, messaging);
  await app.register(signaturesRoutes, messaging);
  await app.register(signaturesSpouseRoutes, messaging);
  await app.register(invoicesRoutes, messaging);
  await app.register(invoicesStaffRoutes, messaging);
  await app.register(billingPdfRoutes, messaging);
  // Development and test only (production is the default, env.ts), and to this machine only (F-02).
  if (!config.isProduction) await app.register(devMailRoutes, { keyring });
  // Public forms also post to their pages without JavaScript; the web plugin renders the answer (ADR 021).
  const pages = createPageForms();
  await app.register(contactRoutes, { pages });
  await app.register(careersRoutes, { resumeBytesPerDay: config.careers?.resumeBytesPerDay, pages });
  await app.register(referralsRoutes, { settings, pages });
  await app.register(consentsRoutes, { settings });
  const provider = createPaymentProvider(payments, { db: database.db, sessionSecret: config.sessionSecret });
  await app.register(paymentsRoutes, { settings, provider, appUrl: config.appUrl });
  const billing = { settings, provider, appUrl: config.appUrl, linkSecret: config.sessionSecret };
  await app.register(billingRoutes, billing);
  await app.register(billingStaffRoutes, billing);
  const { enabled: reconcileRefunds = true, ...refundTiming } = config.refundReconcile ?? {};
  if (reconcileRefunds) {
    const reconciler = startRefundReconciler({
      db: database.db,
      provider,
      firm: () => settings.firm(),
      appUrl: config.appUrl,
      log: app.log,
      ...refundTiming,
    });
    app.addHook('onClose', () => reconciler.stop());
  }
  await app.register(webPlugin, {
    web: config.web,
    settings,
    isProduction: config.isProduction,
    appUrl: config.appUrl,
    paymentProvider: payments.provider,
    pages,
  });
  return app;
}
