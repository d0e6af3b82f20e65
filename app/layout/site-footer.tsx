import type { PublicEnv } from "#server/env.ts";
import { vi } from "#app/i18n/vi.ts";

/** "Liên hệ với chúng tôi:" with the configured contact links, and the credit line. */
export function SiteFooter({ env }: { env: PublicEnv }) {
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <div className="contact">
          <span>{vi.footer.contact}</span>
          <ul className="contact-links">
            <li>
              <a
                href={`mailto:${env.contactEmail}`}
                aria-label={`${vi.footer.email}: ${env.contactEmail}`}
              >
                <svg
                  viewBox="0 0 24 24"
                  width="20"
                  height="20"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path
                    fill="currentColor"
                    d="M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm1 2.2V17h16V7.2l-8 5.3zM5.5 7l6.5 4.3L18.5 7z"
                  />
                </svg>
                <span>{env.contactEmail}</span>
              </a>
            </li>
            {env.contactFacebookUrl ? (
              <li>
                <a href={env.contactFacebookUrl} rel="noopener noreferrer">
                  {vi.footer.facebook}
                </a>
              </li>
            ) : null}
            {env.contactGithubUrl ? (
              <li>
                <a href={env.contactGithubUrl} rel="noopener noreferrer">
                  {vi.footer.github}
                </a>
              </li>
            ) : null}
          </ul>
        </div>
        <p className="credit">{vi.footer.credit}</p>
      </div>
    </footer>
  );
}
