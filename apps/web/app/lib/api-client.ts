/**
 * The web's only way to call the API: through the contract's call table. Sends the CSRF header,
 * understands the envelope, validates answers with the call's response schema, and turns every failure
 * into an ApiError whose message can be shown as it is.
 */
import {
  CALLS,
  apiPath,
  errorEnvelopeSchema,
  MESSAGES,
  XSRF_COOKIE,
  XSRF_HEADER,
  type CallBody,
  type CallDefinition,
  type CallResponse,
  type ErrorCode,
} from '@taxfirm/contract';
import { clearSession, hasStoredLogin, isIdleTooLong, markActive } from './session.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'TRANSPORT';
  readonly details: Record<string, string>;

  constructor(
    message: string,
    options: { status: number; code: ErrorCode | 'TRANSPORT'; details?: Record<string, string> },
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.details = options.details ?? {};
  }

  /** The session has ended (a failed login answers LOGIN_INVALID, not this). */
  get isUnauthorized(): boolean {
    return this.code === 'UNAUTHORIZED';
  }
}

export type ApiClientOptions = {
  /** Origin of the API; empty for the page's own origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Reads the XSRF-TOKEN cookie; by default from document.cookie. */
  getCsrfToken?: () => string | undefined;
  /** Called with every 'Unauthorized access' answer (the session has ended). */
  onUnauthorized?: () => void;
  /** Runs before every call; may throw to stop it (the inactivity check). */
  beforeCall?: (definition: CallDefinition) => Promise<void>;
  /** Runs after every answered call (activity). */
  afterCall?: () => void;
};

export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function transportError(): ApiError {
  return new ApiError(MESSAGES.TRANSPORT_ERROR, { status: 0, code: 'TRANSPORT' });
}

/** Files for a multipart call, by field name (the call's `files`). */
export type CallFiles = Record<string, File | readonly File[] | null | undefined>;

/** A multipart call's body: its text fields first (the server reads them before the files), then files. */
function toFormData(body: Record<string, unknown>, files: CallFiles): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  for (const [name, value] of Object.entries(files)) {
    for (const file of Array.isArray(value) ? value : value ? [value] : [])
      form.append(name, file, file.name);
  }
  return form;
}

/** What a call may ask of its transport beyond the body. */
export type CallOptions = {
  /** For an upload: the share of the request body sent so far, from 0 to 1 (the call goes by XMLHttpRequest). */
  onUploadProgress?: (sent: number) => void;
};

/** POST through XMLHttpRequest, whose upload reports progress (fetch cannot). */
function postWithProgress(
  url: string,
  init: { headers: Record<string, string>; body: FormData },
  onProgress: (sent: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () =>
      resolve(
        new Response(xhr.responseText, {
          status: xhr.status,
          headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'application/json' },
        }),
      ),
    );
    xhr.addEventListener('error', () => reject(new TypeError('Network request failed')));
    xhr.addEventListener('abort', () => reject(new TypeError('Network request aborted')));
    xhr.send(init.body);
  });
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const getCsrfToken =
    options.getCsrfToken ??
    (() => (typeof document === 'undefined' ? undefined : readCookie(document.cookie, XSRF_COOKIE)));

  return async function call<C extends CallDefinition>(
    definition: C,
    body: CallBody<C>,
    files: CallFiles = {},
    callOptions: CallOptions = {},
  ): Promise<CallResponse<C>> {
    await options.beforeCall?.(definition);
    const doFetch = options.fetch ?? globalThis.fetch;
    const multipart = definition.contentType === 'multipart';
    // The browser sets a multipart body's content type itself (with its boundary).
    const headers: Record<string, string> = multipart
      ? { accept: 'application/json' }
      : { 'content-type': 'application/json', accept: 'application/json' };
    const token = getCsrfToken();
    if (token) headers[XSRF_HEADER] = token;

    let response: Response;
    let payload: unknown;
    try {
      const url = `${baseUrl}${apiPath(definition)}`;
      const { onUploadProgress } = callOptions;
      response =
        multipart && onUploadProgress
          ? await postWithProgress(
              url,
              { headers, body: toFormData((body ?? {}) as Record<string, unknown>, files) },
              onUploadProgress,
            )
          : await doFetch(url, {
              method: 'POST',
              headers,
              body: multipart
                ? toFormData((body ?? {}) as Record<string, unknown>, files)
                : JSON.stringify(body ?? {}),
              credentials: 'same-origin',
            });
      payload = await response.json();
    } catch {
      throw transportError();
    }

    options.afterCall?.();
    if (response.ok) {
      const parsed = definition.response.safeParse(payload);
      if (!parsed.success) throw transportError();
      return parsed.data as CallResponse<C>;
    }
    const failure = errorEnvelopeSchema.safeParse(payload);
    if (!failure.success) throw transportError();
    const error = new ApiError(failure.data.status_smessage, {
      status: failure.data.http_code,
      code: failure.data.code,
      ...(failure.data.details ? { details: failure.data.details } : {}),
    });
    if (error.isUnauthorized) options.onUnauthorized?.();
    throw error;
  };
}

/** Forced logout (spec section 4): forget the stored login and go home. */
function endLogin(): void {
  clearSession();
  window.location.assign('/');
}

const checkSession = createApiClient();

/**
 * The inactivity check in flight: a page that opens with several calls at once (the bell, the documents to
 * sign, its own data) asks the server once, and every call waits for that one answer.
 */
let sessionCheck: Promise<boolean> | null = null;
function sessionAlive(): Promise<boolean> {
  sessionCheck ??= checkSession(CALLS.logoutStatus, {})
    .then(
      (answer) => answer.loginstatus === 1,
      () => false,
    )
    .finally(() => {
      sessionCheck = null;
    });
  return sessionCheck;
}

/** The browser's client: the spec's inactivity check and forced logout around every call. */
export const api = createApiClient({
  onUnauthorized: endLogin,
  beforeCall: async (definition) => {
    // After 20 idle minutes, ask the server whether the session lives before making the call.
    if (definition === CALLS.logoutStatus || !isIdleTooLong()) return;
    const alive = await sessionAlive();
    if (!alive) {
      endLogin();
      throw new ApiError(MESSAGES.UNAUTHORIZED, { status: 401, code: 'UNAUTHORIZED' });
    }
  },
  afterCall: () => {
    if (hasStoredLogin()) markActive();
  },
});

/** A message fit to show for any failure. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : MESSAGES.TRANSPORT_ERROR;
}

/**
 * Download a file the server makes from a POSTed body (a selection too long for an address): the CSRF header
 * sent as every call's, the answer saved under the server's name. A refusal throws its ApiError.
 */
export async function downloadPosted(path: string, body: unknown, fallbackName: string): Promise<void> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const token = readCookie(document.cookie, XSRF_COOKIE);
  if (token) headers[XSRF_HEADER] = token;
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw transportError();
  }
  if (!response.ok) {
    const failure = errorEnvelopeSchema.safeParse(await response.json().catch(() => null));
    if (!failure.success) throw transportError();
    const error = new ApiError(failure.data.status_smessage, {
      status: failure.data.http_code,
      code: failure.data.code,
      ...(failure.data.details ? { details: failure.data.details } : {}),
    });
    // As every call: the session has ended, so the login is forgotten.
    if (error.isUnauthorized) endLogin();
    throw error;
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the file after click() returns: the address is let go a minute later.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
