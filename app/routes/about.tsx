import { viAbout } from "#app/i18n/vi/about.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = () => pageTitle(viAbout.title);

export default function About() {
  const t = viAbout;
  return (
    <article className="page page-prose">
      <h1>{t.heading}</h1>
      <p>{t.intro}</p>
      <h2>{t.audienceHeading}</h2>
      <p>{t.audience}</p>
      <h2>{t.featuresHeading}</h2>
      <ul>
        {t.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <h2>{t.privacyHeading}</h2>
      <p>{t.privacy}</p>
    </article>
  );
}
