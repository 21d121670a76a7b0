import { defineCall } from '../call.ts';
import { emptyBodySchema, envelopeSchema } from '../common.ts';
import {
  notificationsReadBodySchema,
  notificationsResponseSchema,
  statusTemplateResetBodySchema,
  statusTemplateSaveBodySchema,
  statusTemplatesResponseSchema,
} from './notifications.schemas.ts';

export const notificationsCalls = {
  notifications: defineCall({
    path: 'account/notifications/list',
    body: emptyBodySchema,
    response: notificationsResponseSchema,
    access: 'client',
    summary:
      "The client's latest notifications (status changes, tax summaries, payments) and the unread count.",
  }),
  notificationsRead: defineCall({
    path: 'account/notifications/read',
    body: notificationsReadBodySchema,
    response: envelopeSchema,
    access: 'client',
    summary: "Mark one of the client's notifications read, or all of them.",
  }),
  statusTemplates: defineCall({
    path: 'staff/templates/list',
    body: emptyBodySchema,
    response: statusTemplatesResponseSchema,
    access: 'admin',
    summary: 'The e-mail each file status sends the client, built-in or edited.',
  }),
  statusTemplateSave: defineCall({
    path: 'staff/templates/save',
    body: statusTemplateSaveBodySchema,
    response: envelopeSchema,
    access: 'admin',
    summary: "Edit one status's e-mail (subject and message, with placeholders).",
  }),
  statusTemplateReset: defineCall({
    path: 'staff/templates/reset',
    body: statusTemplateResetBodySchema,
    response: envelopeSchema,
    access: 'admin',
    summary: "Return one status's e-mail to the built-in wording.",
  }),
} as const;
