/**
 * Failures the domain names. Services throw these; they know nothing of HTTP. The one place that turns
 * them into status codes is the error plugin (server/plugins/errors.ts), so a module never depends on a
 * plugin. `field` names the input at fault when the failure is about one field.
 */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly field?: string,
    /** A failure a client acts on by name (e.g. `second_factor_required`), beside the message people read. */
    readonly code?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The input is well-formed but breaks a rule (an unknown category, a bad reset code …). */
export class InvalidInputError extends DomainError {}

/** No session, or one that ended. */
export class NotAuthenticatedError extends DomainError {}

/** A session that may not do this (another user's password). */
export class ForbiddenError extends DomainError {}

/**
 * A sensitive change asked for by a session that has not proved who it is in the last few minutes
 * (docs/product.md#re-authentication): a 403 whose message the admin recognises, to ask and retry.
 */
export class ReauthRequiredError extends ForbiddenError {}

export class NotFoundError extends DomainError {}

/** The request clashes with what is stored (a duplicate name, a reserved address). */
export class ConflictError extends DomainError {}

/** The thing existed and is gone for good (a link of an unsubscribed address). */
export class GoneError extends DomainError {}

export class TooLargeError extends DomainError {}

/** A file of a type the product does not take. */
export class UnsupportedMediaError extends DomainError {}

/** A server we depend on (the mail server) refused or did not answer; the request itself was fine. */
export class UpstreamError extends DomainError {}
