import { sharedVi } from "#base/i18n/vi.ts";

/**
 * What a failed provider sign-in says on /login. better-auth sends the browser back to the
 * sign-in page with `?error=<code>`: the provider's own OAuth codes (RFC 6749 §4.1.2.1, e.g.
 * access_denied when the student cancels) or better-auth's callback codes. `providerName` is
 * the button's name, or null when the code came back without one (an expired flow).
 */
export function describeProviderError(code: string, providerName: string | null): string {
  const t = sharedVi.providerSignIn.errors;
  const named = (describe: (name: string) => string) =>
    providerName ? describe(providerName) : t.failedNoName;
  switch (code) {
    case "access_denied":
      return named(t.cancelled);
    // The flow outlived its ten minutes, or came back to another browser than it left from.
    case "state_not_found":
    case "state_mismatch":
    case "state_security_mismatch":
    case "state_invalid":
    case "invalid_callback_request":
      return t.expired;
    // Discovery of the provider failed (it is retried on the next try).
    case "oauth_provider_not_found":
    case "PROVIDER_NOT_FOUND":
      return named(t.unavailable);
    case "email_not_found":
      return named(t.noEmail);
    case "account_not_linked":
      return named(t.accountNotLinked);
    case "account_already_linked_to_different_user":
      return named(t.linkedToAnother);
    // The sign-in produced no user record (spec: "User not found").
    case "unable_to_get_user_info":
    case "unable_to_create_user":
    case "unable_to_link_account":
    case "user_not_found":
      return sharedVi.auth.errors.userNotFound;
    default:
      return named(t.failed);
  }
}
