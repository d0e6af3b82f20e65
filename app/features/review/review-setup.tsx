import { useEffect, useState } from "react";
import { Form, Link } from "react-router";
import { viReviewRoom } from "#app/i18n/vi/review-room.ts";
import { SecondsChoice } from "#app/ui/seconds-choice.tsx";
import { QUESTION_TIMES, SLOW_ANSWER_SECONDS } from "#engine/countdowns.ts";
import type { Seconds } from "#engine/room-config.ts";
import { paths } from "#base/paths.ts";
import { DEFAULT_REVIEW_TIME, readReviewTime, rememberReviewTime } from "./review-time.ts";

const t = viReviewRoom;

/**
 * "Ôn lỗi sai" before it starts: how many questions are due and the time per question, the last
 * choice of this device first. A plain GET form (`/mistakes?time=30`): the server picks the due
 * questions and opens the room, with or without scripts.
 */
export function ReviewSetup({
  due,
  subject,
}: {
  due: number;
  /** "Ôn môn này" (issue 30): the subject reviewed alone; null for every subject. */
  subject: { code: string; name: string } | null;
}) {
  const [time, setTime] = useState<Seconds>(DEFAULT_REVIEW_TIME);
  useEffect(() => {
    // Browser storage exists only after hydration; reading it here is syncing with an external system.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setTime(readReviewTime());
  }, []);
  return (
    <section className="review-setup" aria-labelledby="review-setup-heading">
      <h1 id="review-setup-heading">{subject ? t.subjectTitle(subject.name) : t.title}</h1>
      <p>{subject ? t.subjectIntro(due, subject.name) : t.setupIntro(due)}</p>
      <Form method="get" action={paths.reviewRoom()} onSubmit={() => rememberReviewTime(time)}>
        {subject ? <input type="hidden" name="mon" value={subject.code} /> : null}
        <SecondsChoice
          name="time"
          legend={t.questionTime}
          options={QUESTION_TIMES}
          value={time}
          onChange={setTime}
        >
          <p className="muted choice-hint">{t.slowHint(SLOW_ANSWER_SECONDS)}</p>
        </SecondsChoice>
        <p className="review-setup-actions">
          <button type="submit" className="button button-primary">
            {t.start}
          </button>
          <Link className="button button-secondary" to="/">
            {t.toHome}
          </Link>
        </p>
      </Form>
    </section>
  );
}
