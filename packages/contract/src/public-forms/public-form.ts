/**
 * A public page's form (Contact Us, Careers, Refer a Friend), declared once: each field's wire name, kind and
 * the specification's messages. The table builds the call's zod shape (what the server checks) and the
 * fields the page renders with the same messages as data attributes (what the `public-form` island checks
 * in the browser, ADR 021), so a name or a message cannot drift between the two.
 */
import { emailField, phoneExtensionWithDefault, phoneField, requiredText } from '../common.ts';
import { MESSAGES } from '../messages.ts';

/** Another field this one must differ from (case-insensitively), and the message when it does not. */
export type DiffersFrom = { name: string; message: string };

/** One field as declared: a one-line text, a multi-line message, an e-mail address or a phone number. */
export type PublicFieldSpec =
  | { kind: 'text' | 'message'; required: string; max: number }
  | { kind: 'email'; required: string; differsFrom?: DiffersFrom }
  /** A phone number and, before it in the body, its country-code field `extension`. */
  | { kind: 'phone'; required: string; extension: string };

/** The rules a field carries to the page: its "required" message and, by kind, its format messages. */
export type PublicFieldRules = {
  required: string;
  email?: string;
  digits?: string;
  differsFrom?: DiffersFrom;
};

/** A field as the page renders it; a phone names its country-code field. */
export type PublicField =
  | { name: string; kind: 'text' | 'message' | 'email'; rules: PublicFieldRules }
  | { name: string; kind: 'phone'; rules: PublicFieldRules; extension: string };

type Specs = Record<string, PublicFieldSpec>;

type SchemaOf<S extends PublicFieldSpec> = S extends { kind: 'email' }
  ? ReturnType<typeof emailField>
  : S extends { kind: 'phone' }
    ? ReturnType<typeof phoneField>
    : ReturnType<typeof requiredText>;

type ExtensionOf<F extends Specs> = {
  [K in keyof F]: F[K] extends { kind: 'phone'; extension: infer E extends string } ? E : never;
}[keyof F];

export type PublicFormShape<F extends Specs> = { [K in keyof F]: SchemaOf<F[K]> } & {
  [E in ExtensionOf<F>]: typeof phoneExtensionWithDefault;
};

function schemaOf(spec: PublicFieldSpec) {
  if (spec.kind === 'email') return emailField(spec.required);
  if (spec.kind === 'phone') return phoneField(spec.required);
  return requiredText(spec.required, spec.max);
}

function rulesOf(spec: PublicFieldSpec): PublicFieldRules {
  if (spec.kind === 'email') {
    return {
      required: spec.required,
      email: MESSAGES.EMAIL_INVALID,
      ...(spec.differsFrom ? { differsFrom: spec.differsFrom } : {}),
    };
  }
  if (spec.kind === 'phone') return { required: spec.required, digits: MESSAGES.PHONE_TEN_DIGITS };
  return { required: spec.required };
}

/**
 * The form of `specs`: `shape` for the call's body schema (a phone's country code, defaulting to US, comes
 * just before it) and `fields`, each with its name and rules, for the page.
 */
export function definePublicForm<const F extends Specs>(
  specs: F,
): { shape: PublicFormShape<F>; fields: { [K in keyof F]: PublicField } } {
  const shape: Record<string, unknown> = {};
  const fields: Record<string, PublicField> = {};
  for (const [name, spec] of Object.entries(specs)) {
    if (spec.kind === 'phone') shape[spec.extension] = phoneExtensionWithDefault;
    shape[name] = schemaOf(spec);
    fields[name] =
      spec.kind === 'phone'
        ? { name, kind: spec.kind, rules: rulesOf(spec), extension: spec.extension }
        : { name, kind: spec.kind, rules: rulesOf(spec) };
  }
  return {
    shape: shape as PublicFormShape<F>,
    fields: fields as { [K in keyof F]: PublicField },
  };
}
