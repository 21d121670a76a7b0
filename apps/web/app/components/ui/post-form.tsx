/**
 * A public page's form as server HTML that works without JavaScript (ADR 021): a `<form method="post">` to the
 * page's own URL, which the server answers with the page and the outcome (plugins/app/page-forms.ts). The
 * fields carry their rules and the specification's messages as data attributes, which the `public-form`
 * island reads to check fields on blur and to send the form through the API without leaving the page.
 */
import { Alert, Button, Group, Input, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import {
  FORM_TOKEN_FIELD,
  MESSAGES,
  PHONE_EXTENSION_OPTIONS,
  PHONE_MASKS,
  type FileRule,
  type PublicField,
  type PublicFieldRules,
  type PageFormResult,
  type WebLoadContext,
} from '@taxfirm/contract';
import { createContext, useContext, useId, type ReactNode } from 'react';

/** What a public form page's loader answers, and its form takes: the CSRF token and the outcome, if any. */
export type FormPageData = { token: string; result: PageFormResult | null };

/**
 * The server loader of a page with a public form: the form's CSRF token, and its outcome when the page
 * answers the form's own POST (no JavaScript).
 */
export function formPageLoader({ context }: { context: unknown }): FormPageData {
  const { formToken, formResult } = context as WebLoadContext;
  return { token: formToken, result: formResult ?? null };
}

/** A form's outcome, or nothing yet (the page was only visited). */
const OutcomeContext = createContext<PageFormResult | null>(null);

const useOutcome = () => useContext(OutcomeContext);

function ruleAttributes({ required, email, differsFrom }: PublicFieldRules) {
  return {
    'data-msg-required': required,
    required: true,
    ...(email ? { 'data-msg-email': email } : {}),
    ...(differsFrom
      ? { 'data-differs-from': differsFrom.name, 'data-msg-differs': differsFrom.message }
      : {}),
  };
}

type OutcomeText = {
  /** The success alert's title (none: the message alone). */
  title?: string;
  /** What a failure that no field explains says (none: the server's message). */
  failure?: string;
};

function OutcomeAlert({ result, text }: { result: PageFormResult; text: OutcomeText }) {
  if (result.ok) {
    return (
      <Alert color="green" role="status" title={text.title}>
        {result.message}
      </Alert>
    );
  }
  if (!result.message) return null;
  return (
    <Alert color="red" role="alert">
      {text.failure ?? result.message}
    </Alert>
  );
}

/**
 * The form: posts to `action` without JavaScript; with it, the island sends it to `api` (`multipart` for a
 * form with a file) and, after a success, goes to `next` after `nextAfterMs`. `clearAfterMs` clears a
 * failure's message after that long. `transportFailure` is what a lost connection says (by default, the
 * specification's transport error).
 */
export function PostForm({
  label,
  action,
  api,
  token,
  result,
  multipart = false,
  text = {},
  next,
  nextAfterMs,
  clearAfterMs,
  transportFailure = MESSAGES.TRANSPORT_ERROR,
  busyLabel = 'Submitting',
  children,
}: {
  label: string;
  action: string;
  api: string;
  multipart?: boolean;
  text?: OutcomeText;
  next?: string;
  nextAfterMs?: number;
  clearAfterMs?: number;
  transportFailure?: string;
  busyLabel?: string;
  children: ReactNode;
} & FormPageData) {
  return (
    <OutcomeContext.Provider value={result}>
      <form
        method="post"
        action={action}
        {...(multipart ? { encType: 'multipart/form-data' } : {})}
        noValidate
        aria-label={label}
        data-island="public-form"
        data-api={api}
        data-busy-label={busyLabel}
        data-transport-failure={transportFailure}
        {...(text.failure ? { 'data-failure': text.failure } : {})}
        {...(next ? { 'data-next': next, 'data-next-after-ms': nextAfterMs ?? 0 } : {})}
        {...(clearAfterMs ? { 'data-clear-after-ms': clearAfterMs } : {})}
      >
        {/* First, so the server checks it before reading any file. */}
        <input type="hidden" name={FORM_TOKEN_FIELD} value={token} />
        {/* What the island clones to show a message with the same look as the server's. */}
        <template data-template="error">
          <Input.Error />
        </template>
        <template data-template="ok">
          <Alert color="green" role="status" title={text.title}>
            <span />
          </Alert>
        </template>
        <template data-template="failure">
          <Alert color="red" role="alert">
            <span />
          </Alert>
        </template>
        <Stack gap="md">
          {children}
          <div data-outcome>{result && <OutcomeAlert result={result} text={text} />}</div>
          <Group>
            <Button type="submit" w={{ base: '100%', sm: 'auto' }}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </OutcomeContext.Provider>
  );
}

/** The value to show in a field: what was typed, after a refused post; else `initial`. */
function useFieldValue(name: string, initial = ''): string {
  return useOutcome()?.values[name] ?? initial;
}

function useFieldError(name: string): string | undefined {
  return useOutcome()?.fieldErrors[name];
}

/** How the page shows a field: the words around it, and its browser hints. */
type FieldView = {
  label: string;
  description?: string;
  autoComplete?: string;
  /** A signed-in client's own detail that the `public-form` island fills in, read-only. */
  fromSession?: 'userName' | 'email';
  /** A message's height. */
  rows?: number;
  /** A phone's country-code label. */
  extensionLabel?: string;
};

/**
 * A field of the contract's public form, shown by its kind: a one-line text or e-mail field, a message, or
 * a phone number with its country code. Its name and messages come from the contract, never restated here.
 */
export function PostField({ field, ...view }: { field: PublicField } & FieldView) {
  if (field.kind === 'phone') return <PostPhoneField field={field} {...view} />;
  if (field.kind === 'message') return <PostTextarea field={field} {...view} />;
  return <PostTextField field={field} {...view} />;
}

function PostTextField({
  field,
  label,
  autoComplete,
  description,
  fromSession,
}: { field: PublicField } & FieldView) {
  return (
    <TextInput
      name={field.name}
      label={label}
      type={field.kind === 'email' ? 'email' : 'text'}
      withAsterisk
      defaultValue={useFieldValue(field.name)}
      error={useFieldError(field.name)}
      {...(autoComplete ? { autoComplete } : {})}
      {...(description ? { description } : {})}
      {...(fromSession ? { 'data-from-session': fromSession } : {})}
      {...ruleAttributes(field.rules)}
    />
  );
}

function PostTextarea({ field, label, description, rows = 4 }: { field: PublicField } & FieldView) {
  return (
    <Textarea
      name={field.name}
      label={label}
      rows={rows}
      withAsterisk
      defaultValue={useFieldValue(field.name)}
      error={useFieldError(field.name)}
      {...(description ? { description } : {})}
      {...ruleAttributes(field.rules)}
    />
  );
}

/**
 * A country code and a phone number. Without JavaScript the number is typed freely (the server takes its ten
 * digits); the island masks it as the specification says, per country (the mask is on each option).
 */
function PostPhoneField({
  field,
  label,
  extensionLabel = 'Country code',
}: { field: Extract<PublicField, { kind: 'phone' }> } & FieldView) {
  const extensionName = field.extension;
  const extension = useFieldValue(extensionName, PHONE_EXTENSION_OPTIONS[0].value);
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <NativeSelect
        name={extensionName}
        label={extensionLabel}
        defaultValue={extension}
        error={useFieldError(extensionName)}
        withAsterisk
        w={130}
      >
        {PHONE_EXTENSION_OPTIONS.map((option) => (
          <option key={option.value} value={option.value} data-mask={PHONE_MASKS[option.value]}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      <TextInput
        name={field.name}
        label={label}
        withAsterisk
        inputMode="tel"
        autoComplete="tel-national"
        defaultValue={useFieldValue(field.name)}
        error={useFieldError(field.name)}
        style={{ flex: 1 }}
        data-phone-of={extensionName}
        data-msg-digits={field.rules.digits}
        {...ruleAttributes({ required: field.rules.required })}
      />
    </Group>
  );
}

/**
 * An optional file field: a native file input (it works without JavaScript), checked by the island against
 * the same rule the server applies (size, type) as soon as a file is chosen.
 */
export function PostFileField({
  name,
  label,
  description,
  rule,
}: {
  name: string;
  label: string;
  description: string;
  rule: FileRule;
}) {
  const id = useId();
  const error = useFieldError(name);
  return (
    <Input.Wrapper label={label} description={description} error={error} id={id}>
      <input
        id={id}
        type="file"
        name={name}
        accept={[...rule.types, ...rule.extensions].join(',')}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-description`, ...(error ? [`${id}-error`] : [])].join(' ')}
        style={{ display: 'block', marginTop: 6 }}
        data-max-bytes={rule.maxBytes}
        data-min-bytes={rule.minBytes}
        data-types={rule.types.join(',')}
        data-extensions={rule.extensions.join(',')}
        data-msg-too-large={rule.messages.tooLarge}
        data-msg-too-small={rule.messages.tooSmall}
        data-msg-wrong-type={rule.messages.wrongType}
      />
    </Input.Wrapper>
  );
}
