import { MESSAGES, type ErrorCode } from '@taxfirm/contract';

/** The one table from error code to HTTP status (and default message). */
export const ERROR_STATUS: Record<ErrorCode, { status: number; message: string }> = {
  VALIDATION_FAILED: { status: 400, message: MESSAGES.INVALID_REQUEST },
  MALFORMED_BODY: { status: 400, message: MESSAGES.MALFORMED_BODY },
  UNAUTHORIZED: { status: 401, message: MESSAGES.UNAUTHORIZED },
  CSRF_FAILED: { status: 403, message: MESSAGES.CSRF_FAILED },
  FORBIDDEN: { status: 403, message: MESSAGES.FORBIDDEN },
  NOT_FOUND: { status: 404, message: MESSAGES.NOT_FOUND },
  CONFLICT: { status: 409, message: MESSAGES.INVALID_REQUEST },
  PAYLOAD_TOO_LARGE: { status: 413, message: MESSAGES.PAYLOAD_TOO_LARGE },
  UNPROCESSABLE: { status: 422, message: MESSAGES.INVALID_REQUEST },
  TOO_MANY_REQUESTS: { status: 429, message: MESSAGES.TOO_MANY_REQUESTS },
  INTERNAL: { status: 500, message: MESSAGES.TRANSPORT_ERROR },
  SERVICE_UNAVAILABLE: { status: 503, message: MESSAGES.SERVICE_UNAVAILABLE },
  EMAIL_IN_USE: { status: 409, message: MESSAGES.EMAIL_IN_USE },
  LOGIN_INVALID: { status: 401, message: MESSAGES.LOGIN_INVALID },
  LOGIN_NOT_VERIFIED: { status: 403, message: MESSAGES.LOGIN_NOT_VERIFIED },
  MFA_LOGIN_EXPIRED: { status: 401, message: MESSAGES.MFA_LOGIN_EXPIRED },
  PROFILE_LOCKED: { status: 422, message: MESSAGES.PROFILE_LOCKED },
  STEP_UP_REQUIRED: { status: 403, message: MESSAGES.STEP_UP_REQUIRED },
  // Security review 2, signing (S2-05, S2-06).
  SIGNATURE_LOCKED: { status: 423, message: MESSAGES.SIGNATURE_LOCKED },
  SIGNATURE_LINK_ENDED: { status: 410, message: MESSAGES.SIGNATURE_LINK_ENDED },
};

/** An expected failure with a stable code; the error plugin turns it into the envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    options: { message?: string; details?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(options.message ?? ERROR_STATUS[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.details = options.details;
  }

  get status(): number {
    return ERROR_STATUS[this.code].status;
  }

  /** A refusal of one field: `message` as the answer's message and as that field's detail. */
  static onField(code: ErrorCode, field: string, message: string): AppError {
    return new AppError(code, { message, details: { [field]: message } });
  }
}
