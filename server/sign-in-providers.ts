import type { GenericOAuthConfig } from "better-auth/plugins";
import { trimEndOf } from "#base/trim.ts";
import type { Env } from "./env.ts";

/**
 * Sign-in through OpenID Connect providers. There is one code path: a provider is an issuer
 * found through discovery, with PKCE, a nonce-bound and JWKS-verified ID token, the scopes
 * `openid email profile` and the provider asked to speak Vietnamese. Google is a preset of it
 * (issuer https://accounts.google.com), so the path the tests drive against a real OpenID
 * provider is the very one a Google button takes.
 *
 * better-auth serves both through its generic-OAuth plugin: `POST /api/auth/sign-in/social`
 * starts the flow and `/api/auth/callback/<id>` finishes it.
 */

/** The providers' ids; also the `providerId` of their rows in the account table. */
export type SignInProviderId = "google" | "oidc";

/** How the session's user signed in (the spec's authType, stored on the session row). */
export type AuthType = "password" | SignInProviderId;

const GOOGLE_ISSUER = "https://accounts.google.com";

const OIDC_SCOPES = ["openid", "email", "profile"];

/** Where a provider sends the browser back: register exactly this URL with the provider. */
export function callbackUrlOf(baseURL: string, id: SignInProviderId): string {
  return `${trimEndOf(baseURL, "/")}/api/auth/callback/${id}`;
}

/** OpenID Connect Discovery 1.0: the configuration document of an issuer. */
function discoveryUrlOf(issuer: string): string {
  return `${trimEndOf(issuer, "/")}/.well-known/openid-configuration`;
}

export interface OidcProviderSettings {
  id: SignInProviderId;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** The one provider configuration: every provider, Google included, is built here. */
export function createOidcConfig(settings: OidcProviderSettings): GenericOAuthConfig {
  return {
    providerId: settings.id,
    discoveryUrl: discoveryUrlOf(settings.issuer),
    // Without the issuer's keys an ID token could not be checked: then no button works rather
    // than one that trusts unverified tokens (discovery is retried on the next sign-in).
    requireIdTokenVerification: true,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    scopes: OIDC_SCOPES,
    pkce: true,
    // The provider's own pages in Vietnamese, where it has them (OIDC Core, section 3.1.2.1).
    authorizationUrlParams: { ui_locales: "vi" },
  };
}

/** Google: the same OpenID Connect path, at Google's issuer. */
export function createGooglePreset(credentials: {
  clientId: string;
  clientSecret: string;
}): GenericOAuthConfig {
  return createOidcConfig({ id: "google", issuer: GOOGLE_ISSUER, ...credentials });
}

/** The providers configured in the environment (none by default). */
export function selectOidcConfigs(env: Env): GenericOAuthConfig[] {
  const configs: GenericOAuthConfig[] = [];
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    configs.push(
      createGooglePreset({
        clientId: env.GOOGLE_CLIENT_ID,
        clientSecret: env.GOOGLE_CLIENT_SECRET,
      }),
    );
  }
  if (env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET) {
    configs.push(
      createOidcConfig({
        id: "oidc",
        issuer: env.OIDC_ISSUER,
        clientId: env.OIDC_CLIENT_ID,
        clientSecret: env.OIDC_CLIENT_SECRET,
      }),
    );
  }
  return configs;
}

/**
 * Origins a sign-in form may be redirected to (the CSP's form-action): without JavaScript the
 * button is a plain form POST whose answer is a redirect to the provider, and browsers check
 * form-action on every hop of that redirect. The authorization endpoint lives at the issuer's
 * origin for Google and for the usual SSO servers (Keycloak, Entra, Okta, Authentik, …).
 */
export function selectProviderOrigins(env: Env): string[] {
  const origins: string[] = [];
  if (env.GOOGLE_CLIENT_ID) origins.push(new URL(GOOGLE_ISSUER).origin);
  if (env.OIDC_ISSUER) origins.push(new URL(env.OIDC_ISSUER).origin);
  return [...new Set(origins)];
}

/**
 * The configured issuers' hosts: a picture there is fetched even when the host is on an
 * internal network (a school's SSO often is); see server/provider-picture.ts.
 */
export function selectProviderHosts(env: Env): string[] {
  return env.OIDC_ISSUER ? [new URL(env.OIDC_ISSUER).hostname] : [];
}

function isSignInProviderId(value: unknown): value is SignInProviderId {
  return value === "google" || value === "oidc";
}

/**
 * How a new session was made, from the endpoint that makes it: a provider's callback (or its
 * ID-token sign-in) names the provider; every other session (email + password sign-in or
 * sign-up, and the second step of a password sign-in) is a password one.
 */
export function authTypeOf(
  context: { path?: string; params?: unknown; body?: unknown } | null | undefined,
): AuthType {
  const path = context?.path ?? "";
  let provider: unknown;
  if (path.startsWith("/callback/")) {
    provider = (context?.params as { id?: unknown } | undefined)?.id ?? path.slice(10);
  } else if (path === "/sign-in/social") {
    provider = (context?.body as { provider?: unknown } | undefined)?.provider;
  }
  return isSignInProviderId(provider) ? provider : "password";
}
