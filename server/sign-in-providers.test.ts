import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EnvError, loadEnv, selectPublicEnv } from "./env.ts";
import {
  authTypeOf,
  callbackUrlOf,
  createGooglePreset,
  createOidcConfig,
  selectOidcConfigs,
  selectProviderOrigins,
} from "./sign-in-providers.ts";

const dirs: string[] = [];
function env(values: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), "on-tap-providers-"));
  dirs.push(dir);
  return loadEnv({ DATA_DIR: dir, ...values });
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const GOOGLE = {
  GOOGLE_CLIENT_ID: "123.apps.googleusercontent.com",
  GOOGLE_CLIENT_SECRET: "g-secret",
};
const OIDC = {
  OIDC_ISSUER: "https://sso.truong.edu.vn/realms/sinhvien",
  OIDC_CLIENT_ID: "on-tap",
  OIDC_CLIENT_SECRET: "o-secret",
  OIDC_NAME: "Cổng SSO Trường",
};

function problemKeys(values: Record<string, string>): string[] {
  try {
    env(values);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as EnvError).problems.map((p) => p.split(":")[0]!).sort();
  }
  return [];
}

describe("the Google preset", () => {
  it("is the OpenID Connect configuration, with discovery at accounts.google.com", () => {
    const google = createGooglePreset({ clientId: "id", clientSecret: "secret" });
    const generic = createOidcConfig({
      id: "google",
      issuer: "https://accounts.google.com",
      clientId: "id",
      clientSecret: "secret",
    });
    expect(google).toEqual(generic);
    expect(google).toEqual({
      providerId: "google",
      discoveryUrl: "https://accounts.google.com/.well-known/openid-configuration",
      requireIdTokenVerification: true,
      clientId: "id",
      clientSecret: "secret",
      scopes: ["openid", "email", "profile"],
      pkce: true,
      authorizationUrlParams: { ui_locales: "vi" },
    });
  });

  it("has the same shape as any other provider's configuration", () => {
    const [google, oidc] = selectOidcConfigs(env({ ...GOOGLE, ...OIDC }));
    expect(Object.keys(google!).sort()).toEqual(Object.keys(oidc!).sort());
    expect(oidc).toMatchObject({
      providerId: "oidc",
      discoveryUrl: "https://sso.truong.edu.vn/realms/sinhvien/.well-known/openid-configuration",
      clientId: "on-tap",
      authorizationUrlParams: { ui_locales: "vi" },
    });
    expect(google).toMatchObject({
      providerId: "google",
      clientId: GOOGLE.GOOGLE_CLIENT_ID,
      clientSecret: "g-secret",
    });
  });

  it("puts the callbacks where better-auth serves them", () => {
    expect(callbackUrlOf("https://ontap.edu.vn/", "google")).toBe(
      "https://ontap.edu.vn/api/auth/callback/google",
    );
  });
});

describe("provider configuration", () => {
  it("has no provider by default, and shows the browser only the configured buttons", () => {
    expect(selectOidcConfigs(env())).toEqual([]);
    expect(selectPublicEnv(env()).signInProviders).toEqual([]);
    const both = env({ ...GOOGLE, ...OIDC });
    expect(selectPublicEnv(both).signInProviders).toEqual([
      { id: "google", name: "Google" },
      { id: "oidc", name: "Cổng SSO Trường" },
    ]);
    const exposed = JSON.stringify(selectPublicEnv(both));
    expect(exposed).not.toContain("g-secret");
    expect(exposed).not.toContain("o-secret");
  });

  it("lets the sign-in forms redirect to the providers' origins only", () => {
    expect(selectProviderOrigins(env())).toEqual([]);
    expect(selectProviderOrigins(env({ ...GOOGLE, ...OIDC }))).toEqual([
      "https://accounts.google.com",
      "https://sso.truong.edu.vn",
    ]);
  });

  it("wants every key of a provider, and names the missing ones", () => {
    expect(problemKeys({ GOOGLE_CLIENT_ID: "x" })).toEqual(["GOOGLE_CLIENT_SECRET"]);
    expect(problemKeys({ OIDC_ISSUER: OIDC.OIDC_ISSUER, OIDC_NAME: "SSO" })).toEqual([
      "OIDC_CLIENT_ID",
      "OIDC_CLIENT_SECRET",
    ]);
  });

  it("wants an https issuer (plain http only on this machine)", () => {
    expect(problemKeys({ ...OIDC, OIDC_ISSUER: "http://sso.truong.edu.vn" })).toEqual([
      "OIDC_ISSUER",
    ]);
    expect(problemKeys({ ...OIDC, OIDC_ISSUER: "ftp://sso.truong.edu.vn" })).toEqual([
      "OIDC_ISSUER",
    ]);
    expect(problemKeys({ ...OIDC, OIDC_ISSUER: "https://sso.truong.edu.vn/?realm=a" })).toEqual([
      "OIDC_ISSUER",
    ]);
    expect(problemKeys({ ...OIDC, OIDC_ISSUER: "http://127.0.0.1:8080" })).toEqual([]);
  });
});

describe("authTypeOf", () => {
  it("names the provider for its callback and its ID-token sign-in, password otherwise", () => {
    expect(authTypeOf({ path: "/callback/:id", params: { id: "google" } })).toBe("google");
    expect(authTypeOf({ path: "/callback/:id", params: { id: "oidc" } })).toBe("oidc");
    expect(authTypeOf({ path: "/sign-in/social", body: { provider: "oidc" } })).toBe("oidc");
    expect(authTypeOf({ path: "/sign-in/email" })).toBe("password");
    expect(authTypeOf({ path: "/sign-up/email" })).toBe("password");
    expect(authTypeOf({ path: "/callback/:id", params: { id: "github" } })).toBe("password");
    expect(authTypeOf(null)).toBe("password");
  });
});
