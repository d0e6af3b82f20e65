import type { Kysely } from "kysely";
import { openablePractices } from "#db/own-practices.ts";
import { listCardPracticeIds } from "#db/review-cards.ts";
import type { DB } from "#db/schema.ts";

/**
 * The practices of the user's cards that the user may no longer open: an own practice whose
 * link was revoked (for anyone but its owner), that an operator hid, or that was deleted; a
 * bank's practice hidden from the catalogue. Their cards are suspended: never counted, picked,
 * followed to a newer revision or dropped, so they come back as they were if access does (an
 * operator shows the practice again; the student practises through its new link). Who may open
 * what is ADR 0012's one rule (db/own-practices.ts), asked here of every practice at once.
 */
export async function suspendedPractices(db: Kysely<DB>, userId: string): Promise<number[]> {
  const practiceIds = await listCardPracticeIds(db, userId);
  const open = await openablePractices(db, userId, practiceIds);
  return practiceIds.filter((id) => !open.has(id));
}
