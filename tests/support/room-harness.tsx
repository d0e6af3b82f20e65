import type { QuestionView } from "#db/catalogue.ts";
import type { RoomConfig } from "#engine/types.ts";
import { FlatRoom } from "#app/features/room/flat-room.tsx";
import { SequenceRoom } from "#app/features/room/sequence-room.tsx";
import { useRoom } from "#app/features/room/use-room.ts";

/**
 * The room's state and views without the route around them (no loader, no router): what the
 * render-count test and the tick benchmark mount in a DOM of their own.
 */
export function RoomHarness({
  questions,
  config,
  attemptId,
}: {
  questions: QuestionView[];
  config: RoomConfig;
  attemptId: string;
}) {
  const { state, dispatch, restored } = useRoom({
    questions,
    config,
    attemptId,
    contentVersion: 1,
  });
  return config.practiceType === "FLAT" ? (
    <FlatRoom state={state} dispatch={dispatch} title="Đề thử" label="Tất cả" />
  ) : (
    <SequenceRoom
      state={state}
      dispatch={dispatch}
      title="Đề thử"
      label="Tất cả"
      restored={restored}
    />
  );
}

/** A bank of `count` questions with `answers` answers each (the first one the key). */
export function sampleQuestions(count: number, answers = 4): QuestionView[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    idx: i,
    chapterIdx: null,
    textHtml: `Câu hỏi thử số ${i + 1}: phương án nào đúng?`,
    explanationHtml: null,
    referenceUrl: null,
    keyCount: 1,
    anyKey: false,
    kind: "choice" as const,
    answers: Array.from({ length: answers }, (_, a) => ({
      idx: a,
      html: `Phương án ${a + 1} của câu ${i + 1}`,
      isKey: a === 0,
    })),
  }));
}
