import { useEffect } from "react";
import { useFetcher, useLocation, useMatches } from "react-router";
import { vi } from "#app/i18n/vi.ts";
import { paths } from "#base/paths.ts";
import { useHydrated } from "#app/lib/hydrated.ts";

/** Holds the id of the user who hid the reminder, so it never hides it for someone else. */
export const VERIFY_REMINDER_COOKIE = "on_tap_verify_reminder";
/** How long "Ẩn nhắc nhở" lasts: the reminder comes back now and then until the email is verified. */
export const VERIFY_REMINDER_HIDE_DAYS = 3;

/** What the /verify-email action answers to the reminder's two buttons. */
export interface ReminderResult {
  intent: "resend" | "dismiss";
  ok?: string;
  error?: string;
}

/**
 * The reminder a signed-in, unverified user sees above every page but the practice room (where
 * nothing may distract) and /verify-email itself (which says the same). Both buttons are plain
 * forms posting to /verify-email, so they work before the JavaScript has loaded; once it has,
 * they go through fetchers and the page stays where it is.
 */
export function VerifyReminder({
  user,
  hiddenFor,
}: {
  user: { id: string; email: string; emailVerified: boolean } | null;
  hiddenFor: string | undefined;
}) {
  const matches = useMatches();
  const location = useLocation();
  const resend = useFetcher<ReminderResult>({ key: "verify-reminder-resend" });
  const dismiss = useFetcher<ReminderResult>({ key: "verify-reminder-dismiss" });
  // True once hydrated (false in the server's HTML): the hidden "fetcher" field it adds tells
  // the action to answer with data instead of redirecting back.
  const hydrated = useHydrated();

  const dismissing = dismiss.state !== "idle" || dismiss.data?.ok !== undefined;
  useEffect(() => {
    // The button that had the focus is gone: hand it to the page rather than to <body>.
    if (dismissing) document.getElementById("main")?.focus();
  }, [dismissing]);

  const elsewhere = matches.some(
    (match) =>
      match.id === "routes/verify-email" ||
      Boolean((match.handle as { immersive?: boolean } | undefined)?.immersive),
  );
  if (!user || user.emailVerified || hiddenFor === user.id || elsewhere || dismissing) return null;

  const t = vi.verifyReminder;
  const back = `${location.pathname}${location.search}`;
  const busy = resend.state !== "idle";
  const result = resend.data;
  const hidden = (intent: ReminderResult["intent"]) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={back} />
      {hydrated ? <input type="hidden" name="fetcher" value="1" /> : null}
    </>
  );

  return (
    <section className="verify-reminder" aria-label={t.reminderLabel}>
      <p className="verify-reminder-text">{t.reminderText(user.email)}</p>
      {result?.ok ? (
        <p className="verify-reminder-message" role="status">
          {result.ok}
        </p>
      ) : null}
      {result?.error ? (
        <p className="verify-reminder-message form-error" role="alert">
          {result.error}
        </p>
      ) : null}
      <div className="verify-reminder-actions">
        <resend.Form method="post" action={paths.verifyEmail}>
          {hidden("resend")}
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? t.resending : t.resend}
          </button>
        </resend.Form>
        <dismiss.Form method="post" action={paths.verifyEmail}>
          {hidden("dismiss")}
          <button type="submit" className="button button-secondary">
            {t.dismiss}
          </button>
        </dismiss.Form>
      </div>
    </section>
  );
}
