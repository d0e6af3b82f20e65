import { describe, expect, it } from "vitest";
import {
  answerOrdersAreValid,
  isAttemptId,
  MAX_TOTAL_TIME,
  picksAreValid,
  selectionIsWellFormed,
  totalTimeIsValid,
  type RevisionToCheck,
} from "./submission.ts";

/** A revision at `idx` with answers 0..count-1, of which `keys` are keys. */
function revision(
  idx: number,
  count: number,
  keys: number[],
  extra: Partial<RevisionToCheck> = {},
): RevisionToCheck {
  return {
    id: 100 + idx,
    idx,
    chapterIdx: null,
    answers: Array.from({ length: count }, (_, i) => ({ idx: i, isKey: keys.includes(i) })),
    ...extra,
  };
}

const picked = (...picks: number[][]) =>
  picks.map((selectedAnswerIndexes) => ({ selectedAnswerIndexes }));

describe("isAttemptId and totalTimeIsValid", () => {
  it("takes a UUID of any version in either case, and nothing else", () => {
    expect(isAttemptId("0f8e2c7a-1b2d-4c3e-8f90-a1b2c3d4e5f6")).toBe(true);
    expect(isAttemptId("0F8E2C7A-1B2D-1C3E-8F90-A1B2C3D4E5F6")).toBe(true);
    for (const id of [
      "",
      "not-a-uuid",
      "0f8e2c7a-1b2d-4c3e-8f90-a1b2c3d4e5f",
      "0f8e2c7a-1b2d-4c3e-8f90-a1b2c3d4e5f6x",
      42,
      null,
    ]) {
      expect(isAttemptId(id), String(id)).toBe(false);
    }
  });

  it("takes whole seconds from 0 to a week", () => {
    for (const time of [0, 95, MAX_TOTAL_TIME]) expect(totalTimeIsValid(time)).toBe(true);
    for (const time of [-1, 1.5, Number.NaN, MAX_TOTAL_TIME + 1]) {
      expect(totalTimeIsValid(time), String(time)).toBe(false);
    }
  });
});

describe("selectionIsWellFormed", () => {
  it("takes all, a range of whole positions within the practice, and any chapter idx from 0", () => {
    expect(selectionIsWellFormed({ type: "PRACTICE_TIME_ALL" }, 10)).toBe(true);
    expect(selectionIsWellFormed({ type: "PRACTICE_TIME_RANGE", start: 1, end: 10 }, 10)).toBe(
      true,
    );
    expect(selectionIsWellFormed({ type: "PRACTICE_TIME_RANGE", start: 4, end: 4 }, 10)).toBe(true);
    expect(selectionIsWellFormed({ type: "PRACTICE_TIME_CHAPTER", chapterIdx: 0 }, 10)).toBe(true);
  });

  it("refuses a range beyond the practice, reversed, from 0 or fractional, and a negative chapter", () => {
    for (const [start, end] of [
      [1, 11],
      [5, 4],
      [0, 3],
      [1.5, 3],
      [1, 2.5],
    ] as const) {
      expect(
        selectionIsWellFormed({ type: "PRACTICE_TIME_RANGE", start, end }, 10),
        `${start}-${end}`,
      ).toBe(false);
    }
    expect(selectionIsWellFormed({ type: "PRACTICE_TIME_CHAPTER", chapterIdx: -1 }, 10)).toBe(
      false,
    );
    expect(selectionIsWellFormed({ type: "PRACTICE_TIME_CHAPTER", chapterIdx: 0.5 }, 10)).toBe(
      false,
    );
    const unknown = { type: "PRACTICE_TIME_EXAM" } as unknown as Parameters<
      typeof selectionIsWellFormed
    >[0];
    expect(selectionIsWellFormed(unknown, 10)).toBe(false);
  });
});

describe("picksAreValid", () => {
  const revisions = [
    revision(0, 4, [1]),
    revision(1, 4, [0, 2]),
    revision(2, 3, []),
    revision(3, 4, [0, 1], { anyKey: true }),
  ];

  it("takes distinct answer idxs, no more than the question's keys", () => {
    expect(picksAreValid(revisions, picked([1], [2, 0], [], [3]))).toBe(true);
    expect(picksAreValid(revisions, picked([], [], [], []))).toBe(true);
  });

  it("refuses idxs that are no answer, repeats, too many picks, and a missing question", () => {
    for (const picks of [
      picked([4], [], [], []),
      picked([-1], [], [], []),
      picked([1.5], [], [], []),
      picked([1, 1], [], [], []),
      picked([0, 1], [], [], []),
      picked([], [0, 1, 2], [], []),
      picked([], [], [0], []), // no key: nothing can be picked
      picked([], [], [], [0, 1]), // any one key: one pick
      picked([], [], []),
    ]) {
      expect(picksAreValid(revisions, picks), JSON.stringify(picks)).toBe(false);
    }
  });
});

describe("answerOrdersAreValid", () => {
  const revisions = [revision(0, 4, [1]), revision(1, 3, [0])];

  it("wants no orders without the answer shuffle", () => {
    expect(answerOrdersAreValid(revisions, false, null)).toBe(true);
    expect(
      answerOrdersAreValid(revisions, false, [
        [0, 1, 2, 3],
        [0, 1, 2],
      ]),
    ).toBe(false);
  });

  it("wants, with the shuffle, one permutation of each question's idxs", () => {
    expect(
      answerOrdersAreValid(revisions, true, [
        [3, 0, 2, 1],
        [2, 1, 0],
      ]),
    ).toBe(true);
    for (const orders of [
      null,
      [[0, 1, 2, 3]],
      [
        [0, 1, 2],
        [0, 1, 2],
      ],
      [
        [0, 1, 2, 2],
        [0, 1, 2],
      ],
      [
        [0, 1, 2, 4],
        [0, 1, 2],
      ],
      [
        [0, 1, 2, 3],
        [0, 1, 2, 3],
      ],
      [
        [0, 1, 2, 3.5],
        [0, 1, 2],
      ],
    ]) {
      expect(answerOrdersAreValid(revisions, true, orders), JSON.stringify(orders)).toBe(false);
    }
  });
});
