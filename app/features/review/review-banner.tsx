import { Link } from "react-router";
import { vi } from "#app/i18n/vi.ts";
import { paths } from "#base/paths.ts";

const t = vi.reviewBanner;

/**
 * "Ôn tập hôm nay: N câu" on the home page and the history, for a signed-in student with
 * review cards due today; nothing at all when none are due. With exam days set (`mixed`), its
 * button says it mixes every subject ("Ôn trộn"); each exam has its own above it.
 */
export function ReviewBanner({ dueToday, mixed = false }: { dueToday: number; mixed?: boolean }) {
  if (dueToday <= 0) return null;
  return (
    <section className="review-banner" aria-labelledby="review-banner-heading">
      <div className="review-banner-text">
        <h2 id="review-banner-heading">{t.heading(dueToday)}</h2>
        <p>{t.text}</p>
      </div>
      <Link className="button button-primary" to={paths.reviewRoom()}>
        {mixed ? vi.reviewBanner.mixed : t.start}
      </Link>
    </section>
  );
}
