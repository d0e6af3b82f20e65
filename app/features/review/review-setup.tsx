import { useEffect, useState } from "react";
import { Form, Link } from "react-router";
import { viReviewRoom } from "#app/i18n/vi/review-room.ts";
import { SecondsChoice } from "#app/ui/seconds-choice.tsx";
import { QUESTION_TIMES, SLOW_ANSWER_SECONDS } from "#engine/countdowns.ts";
import type { Seconds } from "#engine/room-config.ts";
import { paths, REVIEW_OF_PARAM } from "#base/paths.ts";
import { DEFAULT_REVIEW_TIME, readReviewTime, rememberReviewTime } from "./review-time.ts";

const t = viReviewRoom;

/** A review of one subject's mistakes or one own practice's. */
export interface ReviewOf {
  kind: "subject" | "practice";
  code: string;
  name: string;
}

/**
 * "Ôn lỗi sai" before it starts: how many questions are due and the time per question, the last
 * choice of this device first. A plain GET form (`/mistakes?time=30`): the server picks the due
 * questions and opens the room, with or without scripts.
 */
export function ReviewSetup({
  due,
  of,
}: {
  due: number;
  /**
   * "Ôn môn này" / "Ôn đề này" (issue 30): the subject or own practice reviewed alone; null for
   * every subject.
   */
  of: ReviewOf | null;
}) {
  const [time, setTime] = useState<Seconds>(DEFAULT_REVIEW_TIME);
  useEffect(() => {
    // Browser storage exists only after hydration; reading it here is syncing with an external system.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setTime(readReviewTime());
  }, []);
  return (
    <section className="review-setup" aria-labelledby="review-setup-heading">
      <h1 id="review-setup-heading">
        {of === null
          ? t.title
          : of.kind === "subject"
            ? t.subjectTitle(of.name)
            : t.practiceTitle(of.name)}
      </h1>
      <p>
        {of === null
          ? t.setupIntro(due)
          : of.kind === "subject"
            ? t.subjectIntro(due, of.name)
            : t.practiceIntro(due, of.name)}
      </p>
      <Form method="get" action={paths.reviewRoom()} onSubmit={() => rememberReviewTime(time)}>
        {of ? <input type="hidden" name={REVIEW_OF_PARAM[of.kind]} value={of.code} /> : null}
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
