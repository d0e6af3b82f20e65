import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/verify-email";
import {
  VERIFY_REMINDER_COOKIE,
  VERIFY_REMINDER_HIDE_DAYS,
  type ReminderResult,
} from "#app/features/account/verify-reminder.tsx";
import { FormMessage } from "#app/ui/form-messages.tsx";
import { vi } from "#app/i18n/vi.ts";
import { viRecovery } from "#app/i18n/vi/recovery.ts";
import { readForm } from "#app/lib/form.server.ts";
import { getSessionUser } from "#app/lib/session.server.ts";
import { sendVerification, verifyEmail } from "#server/auth-operations.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { safeRedirectPath } from "#base/safe-redirect.ts";
import { paths } from "#base/paths.ts";
import { viRecoveryErrors } from "#base/i18n/vi/recovery-errors.ts";

const t = viRecovery;

export const meta: Route.MetaFunction = () => pageTitle(t.verifyTitle);

// The token is in the address: never cached, never sent on as a Referer.
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
});

type State = "verified" | "pending" | "signed-out" | "expired" | "invalid";

/**
 * The link in the verification mail lands here (`/verify-email?token=…`). Opening it marks the
 * email verified (better-auth checks the signed token) and redirects to the bare page, so the
 * token leaves the address bar and the header and reminder are read again after the change.
 * A link that no longer works says why and offers "Gửi lại".
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  if (token) {
    const result = await verifyEmail(context, request, token);
    if (result.ok) throw redirect(paths.verifyEmailDone);
    const user = await getSessionUser(context, request);
    const state: State = user?.emailVerified
      ? "verified"
      : result.code === "TOKEN_EXPIRED"
        ? "expired"
        : "invalid";
    return data(
      { state, email: user?.email ?? null, signedIn: Boolean(user) },
      { status: state === "verified" ? 200 : state === "expired" ? 410 : 400 },
    );
  }
  const user = await getSessionUser(context, request);
  // "?verified=1" only chooses the thank-you wording for a visitor who opened the link while
  // signed out (on another device, say); for a signed-in user the account itself decides.
  const state: State = user
    ? user.emailVerified
      ? "verified"
      : "pending"
    : url.searchParams.has("verified")
      ? "verified"
      : "signed-out";
  return { state, email: user?.email ?? null, signedIn: Boolean(user) };
}

/** "Gửi lại" and "Ẩn nhắc nhở", from the reminder on every page and from this page. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent") === "dismiss" ? "dismiss" : "resend";
  // Sent by the reminder once its JavaScript runs: answer with data; a plain form goes back.
  const viaFetcher = form.get("fetcher") === "1";
  const back = safeRedirectPath(form.get("redirectTo"));
  const user = await getSessionUser(context, request);

  if (intent === "dismiss") {
    const headers = new Headers();
    if (user) {
      headers.append(
        "Set-Cookie",
        `${VERIFY_REMINDER_COOKIE}=${encodeURIComponent(user.id)}; Path=/; Max-Age=${
          VERIFY_REMINDER_HIDE_DAYS * 24 * 60 * 60
        }; HttpOnly; SameSite=Lax`,
      );
    }
    if (!viaFetcher) throw redirect(back, { headers });
    return data<ReminderResult>({ intent, ok: "" }, { headers });
  }

  const answer = (result: Omit<ReminderResult, "intent">, status = 200) =>
    data<ReminderResult>({ intent, ...result }, { status });
  if (!user) return answer({ error: viRecoveryErrors.signInToResend }, 401);
  if (user.emailVerified) return answer({ ok: t.alreadyVerified });

  const result = await sendVerification(context, request, { email: user.email });
  if (result.ok) return answer({ ok: t.resent(user.email) });
  if (result.code === "EMAIL_ALREADY_VERIFIED") return answer({ ok: t.alreadyVerified });
  return answer({ error: result.message }, result.status);
}

/** "/verify-email": where the mailed link lands, and the no-JavaScript answer to "Gửi lại". */
export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { state, email, signedIn } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const result = actionData?.intent === "resend" ? actionData : undefined;
  const failed = state === "expired" || state === "invalid";
  const heading =
    state === "verified" ? t.verifiedHeading : failed ? t.verifyFailedHeading : t.verifyTitle;
  const text =
    state === "verified"
      ? t.verified
      : state === "expired"
        ? t.verifyExpired
        : state === "invalid"
          ? t.verifyInvalid
          : state === "pending" && email
            ? t.verifyPending(email)
            : t.verifySignIn;
  // "Gửi lại" needs the account: offered to a signed-in user who is not verified yet.
  const canResend = signedIn && state !== "verified";

  return (
    <section className="page page-narrow auth-page">
      <h1>{heading}</h1>
      <div className="auth-form">
        <p className="auth-intro" role={failed ? "alert" : undefined}>
          {text}
        </p>
        <FormMessage ok message={result?.ok} />
        <FormMessage message={result?.error} />
        {canResend ? (
          <Form method="post">
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="redirectTo" value={paths.verifyEmail} />
            <button type="submit" className="button button-primary" disabled={busy}>
              {busy ? vi.verifyReminder.resending : vi.verifyReminder.resend}
            </button>
          </Form>
        ) : null}
        <p className="auth-aside">
          {signedIn ? (
            <Link to="/">{t.toHome}</Link>
          ) : (
            <Link to={paths.login(paths.verifyEmail)}>{t.toLogin}</Link>
          )}
        </p>
      </div>
    </section>
  );
}
