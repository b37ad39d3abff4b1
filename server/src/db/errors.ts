import type { RefusalCode, RefusalParams } from '../../../contract/refusal-codes';

/**
 * Errors the content layer raises on purpose. The central error handler turns them into 4xx answers (and the 507 of
 * a full upload space, ADR 064) that name the field; anything else is a 500 whose details stay in the log.
 */
export class ContentError extends Error {
  /**
   * Why, as one of the shared codes (shared/refusal-codes.ts) the staff screens turn into a sentence; each class
   * has a fallback, a throw site names a more precise one with `because`.
   */
  refusal: RefusalCode;
  /** What the sentence needs besides the field: a count, a limit, seconds. */
  params: RefusalParams | undefined;

  constructor(
    readonly statusCode: 400 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 507,
    message: string,
    /** Dotted path of the offending input field, e.g. `children.0.headline`. */
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
    this.refusal = fallbackRefusal[statusCode];
  }

  /** Names the refusal's code (and what its sentence needs); returns the error, for `throw new …(…).because(…)`. */
  because(code: RefusalCode, params?: RefusalParams): this {
    this.refusal = code;
    this.params = params;
    return this;
  }

  /** The same refusal for another field name (a repository's `email` becomes the request's `body.email`). */
  renamed(field: string, message = this.message): ContentError {
    return new ContentError(this.statusCode, message, field).because(this.refusal, this.params);
  }
}

const fallbackRefusal: Record<ContentError['statusCode'], RefusalCode> = {
  400: 'invalid',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  507: 'storage_full',
};

/** The input breaks a rule; nothing was written. */
export class ContentValidationError extends ContentError {
  constructor(field: string, message: string) {
    super(400, message, field);
  }
}

/**
 * Several fields of one input break rules at once (a visitor's form entry): `errors` gives each field's message,
 * `field` the first of them; nothing was written.
 */
export class FieldErrorsError extends ContentValidationError {
  constructor(
    message: string,
    readonly errors: Record<string, string>,
  ) {
    super(Object.keys(errors)[0] ?? 'body', message);
  }
}

/** The thing to read or change does not exist. */
export class ContentNotFoundError extends ContentError {
  constructor(message: string, field?: string) {
    super(404, message, field);
  }
}

/** The write would clash with what is stored (a taken path or slug, a page that still has children). */
export class ContentConflictError extends ContentError {
  constructor(field: string, message: string) {
    super(409, message, field);
  }
}

/**
 * The record is still referred to (a category by its articles, a venue by its events), so deleting it would leave
 * them dangling; nothing was deleted. `referrers` names what points to it.
 */
export class ContentInUseError extends ContentConflictError {
  constructor(
    field: string,
    message: string,
    readonly referrers: { entity: string; ids: number[] },
  ) {
    super(field, message);
    this.because('in_use', { count: referrers.ids.length, entity: referrers.entity });
  }
}

/** A safeguard refused the request (CSRF check); nothing was read or written. */
export class RequestForbiddenError extends ContentError {
  constructor(message: string, field?: string) {
    super(403, message, field);
  }
}

/** The client sent too many requests; `retryAfterSeconds` becomes the Retry-After header. */
export class TooManyRequestsError extends ContentError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    field?: string,
  ) {
    super(429, message, field);
    this.because('too_many_requests', { seconds: retryAfterSeconds });
  }
}

/** A token or link that once was valid no longer is (expired, already used); nothing was changed. */
export class GoneError extends ContentError {
  constructor(message: string, field?: string) {
    super(410, message, field);
  }
}
