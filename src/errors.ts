// The typed errors that use cases throw. They say what went wrong in domain terms; src/http/errors.ts
// is the one place that turns them into HTTP statuses and bodies (Error or ProblemDetails).

export interface FieldError {
  /** Dotted path of the offending field as the client sent it, e.g. "billingAddress.countryIso". */
  field: string;
  message: string;
}

export abstract class AppError extends Error {
  abstract readonly status: number;
  abstract readonly title: string;
}

/** A record that does not exist, or belongs to another account (indistinguishable on purpose). */
export class NotFoundError extends AppError {
  readonly status = 404;
  readonly title = 'Not Found';
  constructor(resource: string, id?: string | number) {
    super(id === undefined ? `${resource} not found` : `${resource} ${id} not found`);
  }
}

/** Input that is well-formed JSON but breaks a rule: each offending field is named. */
export class ValidationError extends AppError {
  readonly status = 400;
  readonly title = 'One or more validation errors occurred.';
  constructor(readonly fields: FieldError[], message?: string) {
    super(message ?? fields.map((f) => `${f.field}: ${f.message}`).join('; '));
  }
  static field(field: string, message: string): ValidationError {
    return new ValidationError([{ field, message }]);
  }
}

/** A transition the record's state does not allow (e.g. editing a finalized invoice). */
export class InvalidStateError extends AppError {
  readonly status = 400;
  readonly title = 'Invalid state';
}

export class ConflictError extends AppError {
  readonly status = 409;
  readonly title = 'Conflict';
}

export class NotImplementedError extends AppError {
  readonly status = 501;
  readonly title = 'Not Implemented';
}

export class UnauthorizedError extends AppError {
  readonly status = 401;
  readonly title = 'Unauthorized';
}

export class TooManyRequestsError extends AppError {
  readonly status = 429;
  readonly title = 'Too Many Requests';
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(message);
  }
}

/** A dependency (database, external validator) that did not answer. */
export class UnavailableError extends AppError {
  readonly status = 503;
  readonly title = 'Service Unavailable';
}
