// The one error type the pure domain functions throw on invalid input. It names the offending
// field (a path such as `lines[2].discount.value`) so the HTTP layer can map it to a 400 that says
// which field is wrong, without the domain knowing anything about HTTP.

export class DomainValidationError extends Error {
  override readonly name = 'DomainValidationError';

  constructor(
    /** Path of the offending input field, e.g. `lines[0].quantity`, `globalDiscount.value`. */
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}
