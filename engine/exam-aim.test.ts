import { describe, expect, it } from "vitest";
import {
  DEFAULT_RETENTION,
  EXAM_EVE_RETENTION,
  daysUntilExam,
  examEve,
  retentionBefore,
  reviewCard,
  type ReviewCardState,
} from "./review.ts";

/** A fixed clock: 08:30 in Vietnam on 01/03/2025. */
const T0 = new Date("2025-03-01T01:30:00.000Z");
const DAY = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(T0.getTime() + days * DAY);

/**
 * 60 cards as a student holds them a fortnight before an exam: mistakes made over the last
 * weeks, some answered right since, all due now.
 */
function sixtyDueCards(): ReviewCardState[] {
  return Array.from({ length: 60 }, (_, i) => {
    let card = reviewCard(null, "AGAIN", at(-40 + (i % 20)));
    const goods = i % 4;
    for (let g = 0; g < goods; g += 1) card = reviewCard(card, "GOOD", card.due);
    return { ...card, due: T0 };
  });
}

describe("Ngày thi: the review aims at the exam (fixed clock)", () => {
  it("with an exam 14 days away, every one of 60 due cards is planned on or before the date, whatever the answer", () => {
    const examDay = "2025-03-15";
    expect(daysUntilExam(examDay, T0)).toBe(14);
    const eve = examEve(examDay);
    expect(eve.toISOString()).toBe("2025-03-13T17:00:00.000Z"); // 00:00 on 14/03 in Vietnam
    for (const grade of ["AGAIN", "HARD", "GOOD"] as const) {
      for (const card of sixtyDueCards()) {
        let next = reviewCard(card, grade, T0, examDay);
        expect(next.due.getTime()).toBeLessThanOrEqual(eve.getTime());
        // And every later review before the eve keeps it there.
        for (let k = 0; k < 6 && next.due.getTime() < eve.getTime(); k += 1) {
          next = reviewCard(next, "GOOD", next.due, examDay);
          expect(next.due.getTime()).toBeLessThanOrEqual(eve.getTime());
        }
      }
    }
  });

  it("without a date the schedule is unchanged", () => {
    for (const card of sixtyDueCards()) {
      for (const grade of ["AGAIN", "HARD", "GOOD"] as const) {
        expect(reviewCard(card, grade, T0, null)).toEqual(reviewCard(card, grade, T0));
      }
    }
  });

  it("an exam far away (beyond the 30-day ramp) changes nothing", () => {
    for (const card of sixtyDueCards()) {
      expect(reviewCard(card, "GOOD", T0, "2025-12-31")).toEqual(reviewCard(card, "GOOD", T0));
    }
  });

  it("a card planned for after the eve is brought back to the eve, its interval with it", () => {
    const card = sixtyDueCards()[3]!;
    const free = reviewCard(card, "GOOD", T0);
    const examDay = "2025-03-05";
    expect(free.due.getTime()).toBeGreaterThan(examEve(examDay).getTime());
    const aimed = reviewCard(card, "GOOD", T0, examDay);
    expect(aimed.due).toEqual(examEve(examDay));
    expect(aimed.scheduledDays).toBe(2);
  });

  it("the aimed retention rises from 90% a month before to 97% on the eve, and intervals shrink", () => {
    expect(retentionBefore(null)).toBe(DEFAULT_RETENTION);
    expect(retentionBefore(31)).toBe(DEFAULT_RETENTION);
    expect(retentionBefore(30)).toBe(DEFAULT_RETENTION);
    expect(retentionBefore(15)).toBeGreaterThan(DEFAULT_RETENTION);
    expect(retentionBefore(1)).toBe(EXAM_EVE_RETENTION);
    // On the exam day and after, the exam no longer aims anything.
    expect(retentionBefore(0)).toBe(DEFAULT_RETENTION);
    expect(retentionBefore(-3)).toBe(DEFAULT_RETENTION);
    const card = sixtyDueCards()[3]!;
    const free = reviewCard(card, "GOOD", T0);
    const examDay = "2025-03-21"; // 20 days: inside the ramp
    const near = reviewCard(card, "GOOD", T0, examDay);
    expect(near.due.getTime()).toBeLessThan(free.due.getTime());
    // Shorter by the retention aimed at, not only by the eve's bound.
    expect(near.due.getTime()).toBeLessThan(examEve(examDay).getTime());
  });

  it("on the eve a right answer is never due again at once; from the exam day on, FSRS's own plan", () => {
    const card = sixtyDueCards()[5]!;
    const onTheEve = reviewCard(card, "GOOD", T0, "2025-03-02");
    expect(onTheEve.due.getTime()).toBeGreaterThan(T0.getTime() + DAY / 2);
    for (const examDay of ["2025-03-01", "2025-02-20"]) {
      expect(reviewCard(card, "GOOD", T0, examDay)).toEqual(reviewCard(card, "GOOD", T0));
    }
  });

  it("days to the exam are Vietnamese calendar days", () => {
    // 00:30 on 02/03 in Vietnam is 17:30 on 01/03 in UTC: one day to an exam on 03/03.
    expect(daysUntilExam("2025-03-03", new Date("2025-03-01T17:30:00.000Z"))).toBe(1);
    expect(daysUntilExam("2025-03-03", new Date("2025-03-01T16:59:59.000Z"))).toBe(2);
  });
});
