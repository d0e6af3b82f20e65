import { NavLink } from "react-router";
import { SnowToggle, SnowmanButton } from "#app/features/snow/snow-controls.tsx";
import { ThemePicker } from "#app/features/theme/theme-picker.tsx";
import type { ThemeKey } from "#app/lib/themes.ts";
import { vi } from "#app/i18n/vi.ts";
import { UserMenu, type HeaderUser } from "./user-menu.tsx";
import { paths } from "#base/paths.ts";

export interface HeaderItemsProps {
  user: HeaderUser | null;
  theme: ThemeKey;
  snow: "on" | "off" | undefined;
  feedbackEmail: string;
  /** The practice room hides the snow controls. */
  showSnowControls: boolean;
  /** In the phone's menu: the account's actions stand in the menu, not behind the name. */
  inMenu?: boolean;
}

/** The header's actions: the same items in the desktop bar and in the mobile menu. */
export function HeaderItems({
  user,
  theme,
  snow,
  feedbackEmail,
  showSnowControls,
  inMenu = false,
}: HeaderItemsProps) {
  const feedbackHref = `mailto:${feedbackEmail}?subject=${encodeURIComponent(vi.nav.feedbackSubject)}`;
  return (
    <>
      <ul className="nav-links">
        <li>
          <NavLink to={paths.about}>{vi.nav.about}</NavLink>
        </li>
        <li>
          <a href={feedbackHref}>{vi.nav.feedback}</a>
        </li>
      </ul>
      <ThemePicker serverTheme={theme} />
      {showSnowControls ? (
        <div className="snow-controls">
          <SnowmanButton />
          <SnowToggle serverSnow={snow} />
        </div>
      ) : null}
      <div className="auth-area">
        {user ? (
          <UserMenu user={user} actionsShown={inMenu} />
        ) : (
          <>
            {/* A full page load, as the spec asks: the sign-in screen starts clean. */}
            <a className="button button-ghost" href={paths.login()}>
              {vi.nav.login}
            </a>
            <a className="button button-primary" href={paths.register()}>
              {vi.nav.register}
            </a>
          </>
        )}
      </div>
    </>
  );
}
