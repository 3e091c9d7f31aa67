// One error class for expected failures, with closed codes mapped to HTTP in one place.
// Only AppError messages are shown to users; anything else is logged and shown generically.

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  /** a write to an item the caller submitted or skipped: reopen it first (lib/db/workspace/item-write-guard.ts) */
  ITEM_SUBMITTED: 423,
  /** a write that would change a value an adjudication decided (lib/db/workspace/item-write-guard.ts) */
  VALUE_DECIDED: 423,
  /** a write to a sentence whose document the caller has not read yet (workflow.readDocumentFirst, lib/db/workspace/document-reads.ts) */
  DOCUMENT_NOT_READ: 423,
  /** a main item opened or written before passing the project's qualification (lib/db/gold-checks/qualification.ts) */
  QUALIFICATION_REQUIRED: 403,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  /** machine-readable detail, e.g. the failing field or the conflicting version */
  readonly detail?: unknown;
  constructor(code: ErrorCode, message: string, detail?: unknown) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.detail = detail;
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}
