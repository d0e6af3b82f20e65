import type { Kysely } from "kysely";
import { isMathematicsSubject } from "#base/subjects.ts";
import type { StoredAttempt } from "#db/attempts.ts";
import { subjectCodeOfAttempt } from "#db/mock-exams.ts";
import { listRevisions } from "#db/revisions.ts";
import type { DB } from "#db/schema.ts";
import { examScore, type ExamScore } from "#engine/exam-score.ts";

/**
 * A saved mock exam's score on 10 and its parts (Phần I/II/III), for the replay in the history:
 * computed on the server from the stored results and the revisions that were answered, with the
 * Ministry's weights (engine/exam-score.ts) and mathematics read from the subject's code. Null
 * for an attempt that is not a mock exam.
 */
export async function mockExamScoreOf(
  db: Kysely<DB>,
  userId: string,
  attempt: Pick<StoredAttempt, "id" | "examMinutes" | "results">,
): Promise<ExamScore | null> {
  if (attempt.examMinutes === null || attempt.results.length === 0) return null;
  const byId = new Map(
    (
      await listRevisions(
        db,
        attempt.results.map((r) => r.questionId),
      )
    ).map((r) => [r.id, r]),
  );
  const pairs = attempt.results.flatMap((result) => {
    const revision = byId.get(result.questionId);
    return revision ? [{ revision, result }] : [];
  });
  const subject = await subjectCodeOfAttempt(db, userId, attempt.id);
  return examScore(
    pairs.map((pair) => pair.revision),
    pairs.map((pair) => pair.result),
    subject !== null && isMathematicsSubject(subject),
  );
}
