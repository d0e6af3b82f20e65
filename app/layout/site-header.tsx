import { Link } from "react-router";
import { vi } from "#app/i18n/vi.ts";
import { HeaderItems, type HeaderItemsProps } from "./header-items.tsx";
import { MobileMenu } from "./mobile-menu.tsx";

/** Brand on the left; at 1024 px and up the actions inline, below that a slide-in menu. */
export function SiteHeader(props: HeaderItemsProps) {
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            ÔT
          </span>
          <span className="brand-name">{vi.appName}</span>
        </Link>
        <nav className="desktop-nav" aria-label={vi.nav.mainNavigation}>
          <HeaderItems {...props} />
        </nav>
        <div className="mobile-only">
          <MobileMenu {...props} />
        </div>
      </div>
    </header>
  );
}
