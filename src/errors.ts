// The typed errors that use cases throw. They say what went wrong in domain terms, as a kind;
// src/http/errors.ts is the one place that turns kinds into HTTP statuses and bodies (Error or
// ProblemDetails), and the CLI turns them into exit codes.

export interface FieldError {
  /** Dotted path of the offending field as the client sent it, e.g. "billingAddress.countryIso". */
  field: string;
  message: string;
}

/** What went wrong, independently of the protocol that reports it. */
export type ErrorKind =
  | 'not-found' // the record does not exist, or belongs to another account
  | 'invalid' // the input breaks a rule (each offending field is named where known)
  | 'invalid-state' // the record's state does not allow the transition
  | 'conflict' // the request collides with the current state of another record
  | 'precondition-failed' // the record changed since the client read it (If-Match)
  | 'forbidden' // the caller may not do this
  | 'unauthenticated' // no valid credentials
  | 'rate-limited' // too many attempts; retry later
  | 'unavailable' // a dependency did not answer
  | 'not-implemented' // switched off by configuration
  | 'unprocessable'; // well-formed, but cannot be processed as sent (an Idempotency-Key reused for another request)

export abstract class AppError extends Error {
  abstract readonly kind: ErrorKind;
}

/** A record that does not exist, or belongs to another account (indistinguishable on purpose). */
export class NotFoundError extends AppError {
  readonly kind = 'not-found';
  constructor(resource: string, id?: string | number) {
    super(id === undefined ? `${resource} not found` : `${resource} ${id} not found`);
  }
}

/** Input that is well-formed JSON but breaks a rule: each offending field is named. */
export class ValidationError extends AppError {
  readonly kind = 'invalid';
  constructor(
    readonly fields: FieldError[],
    message?: string,
  ) {
    super(message ?? fields.map((f) => `${f.field}: ${f.message}`).join('; '));
  }
  static field(field: string, message: string): ValidationError {
    return new ValidationError([{ field, message }]);
  }
}

/** A transition the record's state does not allow (e.g. editing a finalized invoice). */
export class InvalidStateError extends AppError {
  readonly kind = 'invalid-state';
}

export class ConflictError extends AppError {
  readonly kind = 'conflict';
}

/** The record is not at the version the client said it expects (If-Match): it changed meanwhile. */
export class PreconditionFailedError extends AppError {
  readonly kind = 'precondition-failed';
}

export class ForbiddenError extends AppError {
  readonly kind = 'forbidden';
}

/** A request that cannot be processed as sent, though well-formed (an Idempotency-Key reused with another body). */
export class UnprocessableError extends AppError {
  readonly kind = 'unprocessable';
}

export class NotImplementedError extends AppError {
  readonly kind = 'not-implemented';
}

export class UnauthorizedError extends AppError {
  readonly kind = 'unauthenticated';
}

export class TooManyRequestsError extends AppError {
  readonly kind = 'rate-limited';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** A dependency (database, external validator, the worker threads) that did not answer. */
export class UnavailableError extends AppError {
  readonly kind = 'unavailable';
  /** When set, the client is told to retry after this many seconds. */
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
