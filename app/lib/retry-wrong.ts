import { MAX_REVIEW_QUESTIONS } from "#base/limits.ts";
import { paths } from "#base/paths.ts";
import { newRoomIdentity } from "./room-setup.ts";

/**
 * "Ôn lại câu sai": a new run over the questions a run got wrong, as a review of mistakes
 * (/mistakes): each wrong answer of a saved practice or review left a review card, so these are
 * the student's own cards, and the run is saved and graded like any review. Its own summary
 * offers it again for what is still wrong, until every question has been answered right once.
 * At most a review's worth of questions per run; the rest come in the next one.
 *
 * A new attempt id and seed each time, so it is built when the button is pressed.
 */
export function retryWrongAddress(questionIds: readonly number[], time?: string): string {
  const { attemptId, seed } = newRoomIdentity();
  const query = new URLSearchParams({
    id: attemptId,
    seed: String(seed),
    q: questionIds.slice(0, MAX_REVIEW_QUESTIONS).join("."),
    // Named "Ôn lại câu sai" in the room, not "N câu đến hạn ôn" (routes/review-room.tsx).
    retry: "1",
  });
  if (time !== undefined) query.set("time", time);
  return paths.reviewRoom(query);
}
