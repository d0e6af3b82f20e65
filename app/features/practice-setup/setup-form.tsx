import { useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import type { PracticeInfo } from "#db/catalogue.ts";
import { showToast } from "#app/ui/toast.ts";
import { viMockExam } from "#app/i18n/vi/mock-exam.ts";
import { viPracticeSetup } from "#app/i18n/vi/practice-setup.ts";
import {
  DEFAULT_SETUP,
  defaultSelection,
  readStoredSetup,
  newRoomIdentity,
  roomUrl,
  storageKeyOf,
  type RoomSetup,
} from "#app/lib/room-setup.ts";
import { selectionLabel } from "#base/selection-label.ts";
import { PreviewDialog } from "./preview-dialog.tsx";
import { RoomModulePreload, useRoomDataPrefetch } from "./room-prefetch.tsx";
import { useMockExamStart } from "./use-mock-exam-start.ts";
import { RoomOptions } from "./room-options.tsx";
import { SelectionChoices } from "./selection-choices.tsx";
import { SetupBar } from "./setup-bar.tsx";

const t = viPracticeSetup;

/**
 * "Thiết lập phòng luyện tập": what to practise and how. Plain radio buttons and checkboxes
 * (keyboard and screen readers for free), styled as tiles. Choices are kept per practice in
 * local storage and come back after a reload.
 */
export function SetupForm({
  practice,
  signedIn,
  preselected = null,
}: {
  practice: PracticeInfo;
  signedIn: boolean;
  /** Chosen by the link that opened the page ("Luyện lại"): it wins over the stored choice. */
  preselected?: Pick<RoomSetup, "selection" | "rangeSize"> | null;
}) {
  // The first one for the page's life (the route remounts the form when its address changes).
  const [chosen] = useState(preselected);
  const shape = useMemo(
    () => ({
      questionCount: practice.questionCount,
      chapterIdxs: practice.chapters.map((c) => c.idx),
    }),
    [practice.questionCount, practice.chapters],
  );
  // Something is always chosen, from the first paint: "Bắt đầu" works on the first tap.
  const [setup, setSetup] = useState<RoomSetup>(() => ({
    ...DEFAULT_SETUP,
    selection: defaultSelection(shape),
    ...chosen,
  }));
  const [restored, setRestored] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  // The next room's seed and attempt id, chosen once: the room's data fetched ahead
  // (useRoomDataPrefetch) is then the very room the click opens.
  const [identity] = useState(newRoomIdentity);
  const exam = useMockExamStart(practice, identity);
  const navigate = useNavigate();
  const key = storageKeyOf(practice.code);

  useEffect(() => {
    let raw: string | null = null;
    try {
      raw = localStorage.getItem(key);
    } catch {
      // Blocked storage: the defaults stay.
    }
    const stored = readStoredSetup(raw, shape);
    // Browser storage exists only after hydration; reading it here is syncing with an external system.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSetup({
      ...stored,
      selection: stored.selection ?? defaultSelection(shape, stored),
      ...chosen,
    });
    setRestored(true);
  }, [key, shape, chosen]);

  useEffect(() => {
    if (!restored) return;
    try {
      localStorage.setItem(key, JSON.stringify(setup));
    } catch {
      // The choice still works for this visit.
    }
  }, [key, setup, restored]);

  const update = (change: Partial<RoomSetup>) => setSetup((current) => ({ ...current, ...change }));

  function start() {
    if (!setup.selection) {
      void showToast("error", t.chooseFirst);
      return;
    }
    if (exam.on) {
      exam.start({ ...setup, selection: setup.selection });
      return;
    }
    void navigate(roomUrl(practice.code, { ...setup, selection: setup.selection }, identity));
  }
  const nextRoom = setup.selection
    ? roomUrl(practice.code, { ...setup, selection: setup.selection }, identity)
    : null;
  // After the stored choices are back (they may name another room), and never for a mock exam,
  // whose room is built on the device.
  const reachForStart = useRoomDataPrefetch(nextRoom, restored && !exam.on);

  function preview() {
    if (!setup.selection) {
      void showToast("error", t.chooseFirst);
      return;
    }
    setPreviewOpen(true);
  }

  return (
    <section className="setup" aria-labelledby="setup-heading">
      <h2 id="setup-heading">{t.heading}</h2>

      <SelectionChoices practice={practice} setup={setup} update={update} />

      <RoomOptions setup={setup} update={update} exam={exam} />

      <SetupBar
        practice={practice}
        setup={setup}
        // A guest starts any practice at once (issue 28); a mock exam needs an account.
        mayStart={signedIn || !exam.on}
        preview={preview}
        start={start}
        startText={exam.on ? (exam.starting ? viMockExam.starting : viMockExam.start) : t.start}
        reachForStart={reachForStart}
      />

      {previewOpen && setup.selection ? (
        <PreviewDialog
          practice={practice}
          selection={setup.selection}
          title={selectionLabel(setup.selection, practice)}
          onClose={() => setPreviewOpen(false)}
        />
      ) : null}
      <RoomModulePreload />
    </section>
  );
}
