import { z } from 'zod';
import { envelope, taxYearField } from '../common.ts';
import { MESSAGES } from '../messages.ts';
import type { Answers } from './organizer.answers.ts';
import type { OrganizerDefinition } from './organizer.definition.ts';

// ---------------------------------------------------------------------------------------------------------
// The definition as answers carry it
// ---------------------------------------------------------------------------------------------------------

const conditionSchema = z.object({
  question: z.string(),
  equals: z.array(z.union([z.string(), z.boolean()])),
});
const questionBase = {
  id: z.string(),
  label: z.string(),
  help: z.string().optional(),
  required: z.boolean().optional(),
  showIf: conditionSchema.optional(),
  off: z.boolean().optional(),
  firm: z.boolean().optional(),
  carry: z.boolean().optional(),
};
const choiceSchema = z.object({ value: z.string(), label: z.string() });
const fieldQuestionSchema = z.discriminatedUnion('type', [
  z.object({ ...questionBase, type: z.literal('yesno') }),
  z.object({ ...questionBase, type: z.literal('choice'), choices: z.array(choiceSchema) }),
  z.object({ ...questionBase, type: z.literal('number'), min: z.number(), max: z.number() }),
  z.object({ ...questionBase, type: z.literal('money'), currency: z.enum(['USD', 'any']) }),
  z.object({ ...questionBase, type: z.literal('date') }),
  z.object({
    ...questionBase,
    type: z.literal('text'),
    max: z.number(),
    long: z.boolean().optional(),
    identity: z.literal('pan').optional(),
  }),
]);
const questionSchema = z.union([
  fieldQuestionSchema,
  z.object({
    ...questionBase,
    type: z.literal('group'),
    itemLabel: z.string(),
    max: z.number(),
    fields: z.array(fieldQuestionSchema),
  }),
]);
export const organizerDefinitionSchema: z.ZodType<OrganizerDefinition> = z.object({
  taxYear: z.number(),
  version: z.number(),
  sections: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      intro: z.string().optional(),
      off: z.boolean().optional(),
      questions: z.array(questionSchema),
    }),
  ),
});

// ---------------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------------

const textValue = z.string().max(2000, { error: MESSAGES.ORGANIZER_TEXT_INVALID });
const moneyValue = z.object({ amount: z.string().max(40), currency: z.string().max(3) });
const fieldValue = z.union([z.boolean(), z.number(), textValue, moneyValue]);
const rowValue = z.record(z.string().max(60), fieldValue);
/** Answers by question id; checked against the definition by `cleanAnswers` (types, conditions, required). */
export const answersSchema = z.record(
  z.string().max(60),
  z.union([fieldValue, z.array(rowValue).max(50, { error: 'Add at most 50.' })]),
  { error: MESSAGES.ORGANIZER_ROW_INVALID },
) as unknown as z.ZodType<Answers>;

export const ORGANIZER_STATES = ['not_started', 'in_progress', 'sent'] as const;
export type OrganizerState = (typeof ORGANIZER_STATES)[number];
export const ORGANIZER_STATE_LABELS: Record<OrganizerState, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  sent: 'Sent',
};

const progressSchema = z.object({ done: z.number().int(), total: z.number().int() });

/** The Substantial Presence Test as the client sees it explained. */
export const presenceSchema = z.object({
  applies: z.boolean(),
  weighted_days: z.number(),
  meets: z.boolean(),
  explanation: z.string(),
});

export const organizerSchema = z.object({
  tax_year: z.number().int(),
  state: z.enum(ORGANIZER_STATES),
  definition: organizerDefinitionSchema,
  /** Identity numbers come masked (`••••••234F`); sent back unchanged, the kept one stays. */
  answers: answersSchema,
  progress: progressSchema,
  /** Last year's answers to the questions that carry over, null when there is no sent organizer last year. */
  last_year: answersSchema.nullable(),
  presence: presenceSchema,
  sent_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type Organizer = z.infer<typeof organizerSchema>;

export const accountOrganizerGetBodySchema = z.object({ taxy: taxYearField });
export const accountOrganizerGetResponseSchema = envelope({ organizer: organizerSchema });

export const accountOrganizerSaveBodySchema = z.object({ answers: answersSchema });
export const accountOrganizerSaveResponseSchema = envelope({
  state: z.enum(ORGANIZER_STATES),
  progress: progressSchema,
  presence: presenceSchema,
});

export const accountOrganizerSubmitBodySchema = z.object({ answers: answersSchema });
export const accountOrganizerSubmitResponseSchema = envelope({
  /** Documents the answers added to the checklist. */
  items_added: z.number().int(),
});
