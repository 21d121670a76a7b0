/**
 * The public forms' island (contact, careers, refer a friend; ADR 021). The form already posts to its page
 * without JavaScript; this adds what the React forms did: the phone mask per country, each field's message
 * once it is touched (the rules and the specification's texts come from the server's markup, see
 * components/ui/post-form.tsx), a check of the file as soon as it is chosen, and sending the form through the
 * API without leaving the page, then the server's message (and, for some forms, home after 2 s).
 */
import { fileProblem, STORAGE_KEYS, XSRF_COOKIE, XSRF_HEADER, type FileRule } from '@taxfirm/contract';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_DIGITS = 10;

/** Type `digits` through `mask` ('0' stands for a digit), stopping where the digits end. */
export function applyMask(mask: string, value: string): string {
  const digits = value.replace(/\D/g, '');
  let out = '';
  let next = 0;
  for (const char of mask) {
    if (next >= digits.length) break;
    out += char === '0' ? digits[next++] : char;
  }
  return out;
}

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function fileRuleOf(input: HTMLInputElement): FileRule {
  const data = input.dataset;
  return {
    types: (data['types'] ?? '').split(','),
    extensions: (data['extensions'] ?? '').split(','),
    maxBytes: Number(data['maxBytes']),
    minBytes: Number(data['minBytes']),
    maxFiles: 1,
    messages: {
      tooLarge: data['msgTooLarge'] ?? '',
      tooSmall: data['msgTooSmall'] ?? '',
      wrongType: data['msgWrongType'] ?? '',
    },
  };
}

/** The message a field deserves now, or null. */
export function fieldProblem(field: Field, form: HTMLFormElement): string | null {
  const data = field.dataset;
  if (field instanceof HTMLInputElement && field.type === 'file') {
    const file = field.files?.[0];
    return file ? fileProblem(fileRuleOf(field), file) : null;
  }
  const value = field.value.trim();
  if (data['msgRequired'] && value === '') return data['msgRequired'];
  if (value === '') return null;
  if (data['msgEmail'] && !EMAIL.test(value)) return data['msgEmail'];
  if (data['msgDigits'] && value.replace(/\D/g, '').length !== PHONE_DIGITS) return data['msgDigits'];
  const other = data['differsFrom'] ? form.elements.namedItem(data['differsFrom']) : null;
  if (other instanceof HTMLInputElement && other.value.trim().toLowerCase() === value.toLowerCase()) {
    return data['msgDiffers'] ?? null;
  }
  return null;
}

function cloneTemplate(form: HTMLFormElement, name: string): HTMLElement {
  const template = form.querySelector<HTMLTemplateElement>(`template[data-template="${name}"]`);
  const element = template?.content.firstElementChild?.cloneNode(true);
  return element instanceof HTMLElement ? element : document.createElement('p');
}

/** Show (or with null, remove) a field's message, marked up as the server marks it. */
export function showFieldError(form: HTMLFormElement, field: Field, message: string | null): void {
  const errorId = `${field.id}-error`;
  const root = field.closest('.mantine-InputWrapper-root');
  let error = root?.querySelector<HTMLElement>(`#${CSS.escape(errorId)}`) ?? null;
  const describedBy = (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id && id !== errorId);
  for (const element of [root, field.closest('.mantine-Input-wrapper'), field]) {
    if (message) element?.setAttribute('data-error', 'true');
    else element?.removeAttribute('data-error');
  }
  if (!message) {
    error?.remove();
    field.removeAttribute('aria-invalid');
    if (describedBy.length) field.setAttribute('aria-describedby', describedBy.join(' '));
    else field.removeAttribute('aria-describedby');
    return;
  }
  if (!error) {
    error = cloneTemplate(form, 'error');
    error.id = errorId;
    root?.append(error);
  }
  error.textContent = message;
  field.setAttribute('aria-invalid', 'true');
  field.setAttribute('aria-describedby', [...describedBy, errorId].join(' '));
}

function fieldsOf(form: HTMLFormElement): Field[] {
  return [...form.elements].filter(
    (element): element is Field =>
      (element instanceof HTMLInputElement && element.type !== 'hidden') ||
      element instanceof HTMLTextAreaElement ||
      element instanceof HTMLSelectElement,
  );
}

/** Replace the outcome (success or failure) with `message`, or clear it. */
function showOutcome(form: HTMLFormElement, kind: 'ok' | 'failure' | null, message = ''): void {
  const outcome = form.querySelector<HTMLElement>('[data-outcome]');
  if (!outcome) return;
  outcome.replaceChildren();
  if (!kind) return;
  const alert = cloneTemplate(form, kind);
  // The alert's message goes where Mantine puts an alert's children (its message element), else at its end.
  const body = alert.querySelector('.mantine-Alert-message') ?? alert;
  body.replaceChildren(message);
  outcome.append(alert);
}

type Envelope = { status_smessage?: string; code?: string; details?: Record<string, string> };

/**
 * A signed-in client refers as themselves (the portal's rule): the fields marked `data-from-session` take the
 * name or e-mail the login stored (the spec's local-storage keys) and become read-only. As their default
 * value they survive the form's reset after a referral is sent.
 */
export function fillFromSession(form: HTMLFormElement): void {
  const store = window.localStorage;
  if (!store.getItem(STORAGE_KEYS.accessToken)) return;
  for (const field of form.querySelectorAll<HTMLInputElement>('input[data-from-session]')) {
    const key = field.dataset['fromSession'];
    const value = key === 'userName' || key === 'email' ? store.getItem(STORAGE_KEYS[key]) : null;
    if (!value) continue;
    field.defaultValue = value;
    field.value = value;
    field.readOnly = true;
  }
}

export function enhance(element: HTMLElement): void {
  if (!(element instanceof HTMLFormElement)) return;
  const form = element;
  const data = form.dataset;
  const touched = new Set<Field>();
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const label = submit?.textContent ?? '';
  let timer: number | undefined;
  fillFromSession(form);

  const check = (field: Field) => {
    const problem = fieldProblem(field, form);
    showFieldError(form, field, problem);
    return problem;
  };

  const extensionOf = (phone: HTMLInputElement) => {
    const select = form.elements.namedItem(phone.dataset['phoneOf'] ?? '');
    return select instanceof HTMLSelectElement ? select : null;
  };
  const remask = (phone: HTMLInputElement) => {
    const mask = extensionOf(phone)?.selectedOptions[0]?.dataset['mask'];
    if (mask) phone.value = applyMask(mask, phone.value);
  };
  const phones = [...form.querySelectorAll<HTMLInputElement>('input[data-phone-of]')];
  for (const phone of phones) {
    remask(phone);
    phone.addEventListener('input', () => remask(phone));
    extensionOf(phone)?.addEventListener('change', () => {
      remask(phone);
      if (touched.has(phone)) check(phone);
    });
  }

  for (const field of fieldsOf(form)) {
    field.addEventListener('blur', () => {
      touched.add(field);
      check(field);
    });
    field.addEventListener('input', () => {
      if (touched.has(field)) check(field);
    });
    if (field instanceof HTMLInputElement && field.type === 'file') {
      field.addEventListener('change', () => {
        // A refused file is not kept: the field empties, and says why.
        const problem = fieldProblem(field, form);
        if (problem) field.value = '';
        showFieldError(form, field, problem);
      });
    }
  }

  const setBusy = (busy: boolean) => {
    if (!submit) return;
    submit.disabled = busy;
    submit.textContent = busy ? (data['busyLabel'] ?? label) : label;
  };

  const fail = (message: string) => {
    showOutcome(form, 'failure', data['failure'] ?? message);
    const clearAfter = Number(data['clearAfterMs'] ?? 0);
    if (clearAfter > 0) timer = window.setTimeout(() => showOutcome(form, null), clearAfter);
  };

  const send = async () => {
    const body = new FormData(form);
    body.delete('_csrf');
    const isMultipart = form.enctype === 'multipart/form-data';
    const headers: Record<string, string> = {};
    const token = readCookie(XSRF_COOKIE);
    if (token) headers[XSRF_HEADER] = token;
    if (!isMultipart) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(data['api'] ?? '', {
        method: 'POST',
        credentials: 'same-origin',
        headers,
        body: isMultipart ? body : JSON.stringify(Object.fromEntries(body)),
      });
    } catch {
      fail(data['transportFailure'] ?? '');
      return;
    }
    const answer = (await response.json().catch(() => ({}))) as Envelope;
    if (response.ok) {
      form.reset();
      for (const field of fieldsOf(form)) showFieldError(form, field, null);
      touched.clear();
      for (const phone of phones) remask(phone);
      showOutcome(form, 'ok', answer.status_smessage ?? '');
      if (data['next']) {
        const next = data['next'];
        window.setTimeout(() => window.location.assign(next), Number(data['nextAfterMs'] ?? 0));
      }
      return;
    }
    const details = answer.details ?? {};
    let shown = false;
    for (const field of fieldsOf(form)) {
      const message = details[field.name];
      if (!message) continue;
      shown = true;
      if (field instanceof HTMLInputElement && field.type === 'file') field.value = '';
      showFieldError(form, field, message);
    }
    if (!shown || answer.code !== 'VALIDATION_FAILED')
      fail(answer.status_smessage ?? data['transportFailure'] ?? '');
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    window.clearTimeout(timer);
    showOutcome(form, null);
    const problems = fieldsOf(form).filter((field) => {
      touched.add(field);
      return check(field) !== null;
    });
    if (problems.length > 0) {
      problems[0]?.focus();
      return;
    }
    setBusy(true);
    void send().finally(() => setBusy(false));
  });
}
