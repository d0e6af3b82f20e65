import { sharedVi } from "./i18n/vi.ts";
import type { Selection } from "./selection.ts";

const t = sharedVi.selection;

/**
 * How a selection is named to people: on the set-up page, in the room, on the summary and as
 * the saved attempt's description ("Câu 1 - 50", "Chương 1: …", "Tất cả 1.202 câu hỏi").
 * Chapter idx 0 is "Chương 1" (0 is a chapter, not "no chapter").
 */
export function selectionLabel(
  selection: Selection,
  practice: { questionCount: number; chapters: readonly { idx: number; title: string }[] },
): string {
  if (selection.type === "PRACTICE_TIME_ALL") return t.all(practice.questionCount);
  if (selection.type === "PRACTICE_TIME_RANGE") return t.range(selection.start, selection.end);
  const chapter = practice.chapters.find((c) => c.idx === selection.chapterIdx);
  return t.chapterTitle(selection.chapterIdx + 1, chapter?.title ?? "");
}
