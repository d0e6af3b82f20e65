import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type LinksFunction,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import { AppStylesheet } from "#app/ui/app-stylesheet.tsx";
import { SiteFooter } from "#app/layout/site-footer.tsx";
import { SiteHeader } from "#app/layout/site-header.tsx";
import { renderPreferencesScript, SNOW_COOKIE } from "#app/features/snow/season.ts";
import { Snowfall } from "#app/features/snow/snowfall.tsx";
import { readCookie, readThemeCookie, THEME_COLORS, THEME_KEYS } from "#app/lib/themes.ts";
import { ChunkErrorScreen, isChunkLoadError, LoadFailureGuard } from "#app/ui/load-failure.tsx";
import { ScrollToTop } from "#app/ui/scroll-to-top.tsx";
import { OfflineShell } from "#app/features/offline/offline-shell.tsx";
import { PictureZoom } from "#app/features/pictures/picture-zoom.tsx";
import { BadRequestScreen, NotFoundScreen, ServerErrorScreen } from "#app/ui/status-screens.tsx";
import { UrlToast } from "#app/ui/url-toast.tsx";
import { VERIFY_REMINDER_COOKIE, VerifyReminder } from "#app/features/account/verify-reminder.tsx";
import { GuestClaim } from "#app/features/account/guest-claim.tsx";
import { vi } from "#app/i18n/vi.ts";
import { getSessionUser } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { paths } from "#base/paths.ts";
import { refusalMessage } from "#app/lib/refusal.ts";

// The app's stylesheet is inlined by the server (AppStylesheet).
export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Installable (ADR 0013): the manifest names the app and its icons (scripts/make-icons.mjs).
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const cookies = request.headers.get("Cookie");
  const snowCookie = readCookie(cookies, SNOW_COOKIE);
  const snow: "on" | "off" | undefined =
    snowCookie === "on" || snowCookie === "off" ? snowCookie : undefined;
  return {
    theme: readThemeCookie(cookies),
    snow,
    publicEnv: context.publicEnv,
    user: await getSessionUser(context, request),
    verifyReminderHiddenFor: readCookie(cookies, VERIFY_REMINDER_COOKIE),
    nonce: context.cspNonce,
  };
}

/**
 * Offline (ADR 0013), the root's data (the user, the theme) is kept as it is on a navigation:
 * asking the server for it would fail the whole page, where a downloaded practice's set-up page
 * and room can open from the device.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (typeof navigator !== "undefined" && !navigator.onLine) return false;
  if (!formMethod && startsARoom(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
}

/**
 * "Bắt đầu": from a set-up page into the room. The room shows no header or footer, and the
 * student and the preferences are the ones the set-up page got a moment ago, so the root's
 * data is not asked for again: the room then opens on its own data alone, which the set-up page
 * may have fetched already (issue 29). The room's loader and the save still check the session.
 */
function startsARoom(currentUrl: URL, nextUrl: URL): boolean {
  return (
    currentUrl.pathname.startsWith(SETUP_PATH_PREFIX) && nextUrl.pathname === paths.roomPathname
  );
}
/** "/practice-review/": every set-up page, and nothing else, is below it. */
const SETUP_PATH_PREFIX = paths.practiceSetup("");

/** What a route can ask of the shell through its `handle` export. */
export interface RouteHandle {
  /** The practice room: no footer, no snow, no snow button. */
  immersive?: boolean;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const matches = useMatches();
  const immersive = matches.some((match) => (match.handle as RouteHandle | undefined)?.immersive);
  const theme = data?.theme ?? readThemeCookie(null);
  return (
    <html lang="vi" data-theme={theme} data-snow={data?.snow} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="description" content={vi.tagline} />
        <meta name="theme-color" content={THEME_COLORS[theme]} />
        <AppStylesheet />
        {data ? (
          <script
            nonce={data.nonce}
            suppressHydrationWarning
            // The script runs once, from the server's page; the browser keeps the text React
            // hydrated over and never runs it again, so the bundle need not carry it (issue 29).
            dangerouslySetInnerHTML={{
              __html: import.meta.env.SSR
                ? renderPreferencesScript(data.publicEnv.snowSeason, THEME_KEYS)
                : "",
            }}
          />
        ) : null}
        <Meta />
        <Links />
      </head>
      <body data-immersive={immersive || undefined}>
        <a className="skip-link" href="#main">
          {vi.skipToContent}
        </a>
        {immersive ? null : <Snowfall />}
        {data ? (
          <SiteHeader
            user={data.user}
            theme={theme}
            snow={data.snow}
            feedbackEmail={data.publicEnv.feedbackEmail}
            showSnowControls={!immersive}
          />
        ) : null}
        <main id="main" className="site-main" tabIndex={-1}>
          {data ? (
            <VerifyReminder user={data.user} hiddenFor={data.verifyReminderHiddenFor} />
          ) : null}
          {data ? <OfflineShell signedIn={Boolean(data.user)} /> : null}
          {data && !immersive ? <GuestClaim userId={data.user?.id ?? null} /> : null}
          <LoadFailureGuard>{children}</LoadFailureGuard>
        </main>
        {data && !immersive ? <SiteFooter env={data.publicEnv} /> : null}
        <ScrollToTop />
        <PictureZoom />
        <UrlToast />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

export const meta: Route.MetaFunction = ({ error }) => {
  if (!error) return pageTitle();
  if (isRouteErrorResponse(error) && error.status === 404)
    return pageTitle(isNotShared(error) ? vi.pages.notShared.title : vi.pages.notFound.title);
  if (refusalMessage(error)) return pageTitle(vi.pages.refusedHeading);
  return pageTitle(isChunkLoadError(error) ? vi.chunk.heading : vi.pages.error.title);
};

export default function App() {
  return <Outlet />;
}

/** The set-up page's 404 for a share link that opens nothing any more (routes/practice-setup.tsx). */
function isNotShared(error: { data: unknown }): boolean {
  return typeof error.data === "object" && error.data !== null && "notShared" in error.data;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundScreen text={isNotShared(error) ? vi.pages.notShared : undefined} />;
  }
  const refusal = refusalMessage(error);
  if (refusal) return <BadRequestScreen message={refusal} />;
  if (isChunkLoadError(error)) return <ChunkErrorScreen />;
  return <ServerErrorScreen />;
}
