import { useEffect, useState } from "react";
import { PrefetchPageLinks, useNavigate } from "react-router";
import type { PracticeInfo } from "#db/catalogue.ts";
import { showToast } from "#app/ui/toast.ts";
import { vi } from "#app/i18n/vi.ts";
import {
  DEFAULT_SETUP,
  RANGE_SIZES,
  rangeTiles,
  readStoredSetup,
  newRoomIdentity,
  roomUrl,
  storageKeyOf,
  type RoomSetup,
} from "#app/lib/room-setup.ts";
import { Switch } from "#app/ui/switch.tsx";
import { selectionLabel } from "#base/selection-label.ts";
import type { Selection } from "#base/selection.ts";
import { QUESTION_TIMES, RESULT_TIMES } from "#engine/countdowns.ts";
import type { Seconds } from "#engine/room-config.ts";
import { PreviewDialog } from "./preview-dialog.tsx";
import { RoomModulePreload } from "./room-prefetch.tsx";
import { paths } from "#base/paths.ts";

const t = vi.pages.practiceSetup;

function sameSelection(a: Selection | null, b: Selection): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function selectionSize(selection: Selection, practice: PracticeInfo): number {
  if (selection.type === "PRACTICE_TIME_ALL") return practice.questionCount;
  if (selection.type === "PRACTICE_TIME_RANGE") return selection.end - selection.start + 1;
  return practice.chapters.find((c) => c.idx === selection.chapterIdx)?.questionCount ?? 0;
}

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
  const [setup, setSetup] = useState<RoomSetup>(() => ({ ...DEFAULT_SETUP, ...chosen }));
  const [restored, setRestored] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  // The next room's seed and attempt id, chosen once: the room's data fetched when the student
  // reaches for "Bắt đầu" (hover, keyboard focus) is then the very room the click opens.
  const [identity] = useState(newRoomIdentity);
  const [aboutToStart, setAboutToStart] = useState(false);
  const navigate = useNavigate();
  const hasChapters = practice.chapters.length > 0;
  const key = storageKeyOf(practice.code);

  useEffect(() => {
    let raw: string | null = null;
    try {
      raw = localStorage.getItem(key);
    } catch {
      // Blocked storage: the defaults stay.
    }
    // Browser storage exists only after hydration; reading it here is syncing with an external system.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSetup({
      ...readStoredSetup(raw, {
        questionCount: practice.questionCount,
        chapterIdxs: practice.chapters.map((c) => c.idx),
      }),
      ...chosen,
    });
    setRestored(true);
  }, [key, practice.questionCount, practice.chapters, chosen]);

  useEffect(() => {
    if (!restored) return;
    try {
      localStorage.setItem(key, JSON.stringify(setup));
    } catch {
      // The choice still works for this visit.
    }
  }, [key, setup, restored]);

  const update = (change: Partial<RoomSetup>) => setSetup((current) => ({ ...current, ...change }));
  const choose = (selection: Selection) => update({ selection });

  function start() {
    if (!setup.selection) {
      void showToast("error", t.chooseFirst);
      return;
    }
    void navigate(roomUrl(practice.code, { ...setup, selection: setup.selection }, identity));
  }
  const nextRoom = setup.selection
    ? roomUrl(practice.code, { ...setup, selection: setup.selection }, identity)
    : null;
  // Only when there is time to win: a mouse over the button, or a keyboard focus. A finger's
  // touch comes a moment before its click, and two requests for one room would share the link.
  const reachForStart = (event: React.PointerEvent | React.FocusEvent) => {
    const lead =
      "pointerType" in event
        ? event.pointerType === "mouse"
        : event.currentTarget.matches(":focus-visible");
    if (lead) setAboutToStart(true);
  };

  function preview() {
    if (!setup.selection) {
      void showToast("error", t.chooseFirst);
      return;
    }
    setPreviewOpen(true);
  }

  // Only sizes that split the practice: on 72 questions "75 câu" would just be "Tất cả".
  const rangeSizes = RANGE_SIZES.filter((size) => size < practice.questionCount);
  const rangeSize = rangeSizes.includes(setup.rangeSize)
    ? setup.rangeSize
    : (rangeSizes.at(-1) ?? practice.questionCount);
  const loginHref = paths.login(paths.practiceSetup(practice.code));
  const sequence = setup.practiceType === "SEQUENCE";

  return (
    <section className="setup" aria-labelledby="setup-heading">
      <h2 id="setup-heading">{t.heading}</h2>

      {hasChapters ? (
        <fieldset className="choice-group">
          <legend>{t.byChapter}</legend>
          <div className="choice-grid">
            {practice.chapters.map((chapter) => {
              const selection: Selection = {
                type: "PRACTICE_TIME_CHAPTER",
                chapterIdx: chapter.idx,
              };
              return (
                <label key={chapter.idx} className="choice-tile">
                  <input
                    type="radio"
                    name="selection"
                    checked={sameSelection(setup.selection, selection)}
                    onChange={() => choose(selection)}
                  />
                  <span className="choice-title">
                    {vi.selection.chapterTitle(chapter.idx + 1, chapter.title)}
                  </span>
                  <span className="choice-meta">
                    {vi.catalogue.questions(chapter.questionCount)}
                  </span>
                  {chapter.description ? (
                    <span className="choice-meta">{t.chapterContent(chapter.description)}</span>
                  ) : null}
                </label>
              );
            })}
            <AllTile practice={practice} setup={setup} choose={choose} />
          </div>
        </fieldset>
      ) : (
        <>
          {rangeSizes.length > 0 ? (
            <fieldset className="choice-group">
              <legend>{t.rangeSize}</legend>
              <div className="segmented">
                {rangeSizes.map((size) => (
                  <label key={size} className="segment">
                    <input
                      type="radio"
                      name="range-size"
                      checked={rangeSize === size}
                      onChange={() =>
                        update({
                          rangeSize: size,
                          selection:
                            setup.selection?.type === "PRACTICE_TIME_RANGE"
                              ? null
                              : setup.selection,
                        })
                      }
                    />
                    <span>{t.rangeSizeOption(size)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
          <fieldset className="choice-group">
            <legend>{t.ranges}</legend>
            <div className="choice-grid choice-grid-compact">
              {(rangeSizes.length > 0 ? rangeTiles(practice.questionCount, rangeSize) : []).map(
                ({ start, end }) => {
                  const selection: Selection = { type: "PRACTICE_TIME_RANGE", start, end };
                  return (
                    <label key={start} className="choice-tile">
                      <input
                        type="radio"
                        name="selection"
                        checked={sameSelection(setup.selection, selection)}
                        onChange={() => choose(selection)}
                      />
                      <span className="choice-title">{vi.selection.range(start, end)}</span>
                    </label>
                  );
                },
              )}
              <AllTile practice={practice} setup={setup} choose={choose} />
            </div>
          </fieldset>
        </>
      )}

      <fieldset className="choice-group">
        <legend>{t.displayMode}</legend>
        <div className="segmented">
          {(["SEQUENCE", "FLAT"] as const).map((mode) => (
            <label key={mode} className="segment">
              <input
                type="radio"
                name="mode"
                checked={setup.practiceType === mode}
                onChange={() => update({ practiceType: mode })}
              />
              <span>{mode === "SEQUENCE" ? t.sequence : t.flat}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {sequence ? (
        <>
          <SecondsChoice
            name="question-time"
            legend={t.questionTime}
            options={QUESTION_TIMES}
            value={setup.maxQuestionTime}
            onChange={(v) => update({ maxQuestionTime: v })}
          />
          <SecondsChoice
            name="result-time"
            legend={t.resultTime}
            options={RESULT_TIMES}
            value={setup.maxResultTime}
            onChange={(v) => update({ maxResultTime: v })}
          />
        </>
      ) : null}

      <fieldset className="choice-group">
        <legend>{t.options}</legend>
        <div className="switches">
          {sequence ? (
            <>
              <Switch
                label={t.showKey}
                checked={setup.showQuestionKeyAfterQuestionEnd}
                onChange={(v) => update({ showQuestionKeyAfterQuestionEnd: v })}
              />
              <Switch
                label={t.notify}
                checked={setup.showNotification}
                onChange={(v) => update({ showNotification: v })}
              />
            </>
          ) : null}
          <Switch
            label={t.shuffleQuestions}
            checked={setup.shuffleQuestions}
            onChange={(v) => update({ shuffleQuestions: v })}
          />
          <Switch
            label={t.shuffleAnswers}
            checked={setup.shuffleAnswers}
            onChange={(v) => update({ shuffleAnswers: v })}
          />
        </div>
      </fieldset>

      <div className="sticky-bar">
        <p className="sticky-summary" aria-live="polite">
          {/* A phone shows only the size; the whole summary is still read out. */}
          <span className="phone-only" aria-hidden="true">
            {setup.selection
              ? t.rangeSizeOption(selectionSize(setup.selection, practice))
              : t.chooseFirstShort}
          </span>
          <span className="sticky-summary-full">
            {setup.selection
              ? t.selectionSummary(
                  selectionLabel(setup.selection, practice),
                  selectionSize(setup.selection, practice),
                )
              : t.chooseFirst}
          </span>
        </p>
        <div className="sticky-actions">
          <button
            type="button"
            className="button button-secondary"
            aria-label={t.preview}
            onClick={preview}
          >
            <ShortOnPhone short={t.previewShort} full={t.preview} />
          </button>
          {signedIn ? (
            <button
              type="button"
              className="button button-primary"
              onClick={start}
              onPointerEnter={reachForStart}
              onFocus={reachForStart}
            >
              {t.start}
            </button>
          ) : (
            <a className="button button-primary" href={loginHref} aria-label={t.loginToStart}>
              <ShortOnPhone short={t.loginToStartShort} full={t.loginToStart} />
            </a>
          )}
        </div>
      </div>

      {previewOpen && setup.selection ? (
        <PreviewDialog
          practice={practice}
          selection={setup.selection}
          title={selectionLabel(setup.selection, practice)}
          onClose={() => setPreviewOpen(false)}
        />
      ) : null}
      {signedIn ? <RoomModulePreload /> : null}
      {signedIn && aboutToStart && nextRoom ? <PrefetchPageLinks page={nextRoom} /> : null}
    </section>
  );
}

/**
 * A button's words, shortened on a phone so the bar keeps to one line; the full words stay its
 * accessible name (aria-label), which begins with the short ones.
 */
function ShortOnPhone({ short, full }: { short: string; full: string }) {
  return (
    <>
      <span className="phone-only" aria-hidden="true">
        {short}
      </span>
      <span className="wide-only" aria-hidden="true">
        {full}
      </span>
    </>
  );
}

function AllTile({
  practice,
  setup,
  choose,
}: {
  practice: PracticeInfo;
  setup: RoomSetup;
  choose: (s: Selection) => void;
}) {
  const selection: Selection = { type: "PRACTICE_TIME_ALL" };
  return (
    <label className="choice-tile">
      <input
        type="radio"
        name="selection"
        checked={sameSelection(setup.selection, selection)}
        onChange={() => choose(selection)}
      />
      <span className="choice-title">{vi.selection.all(practice.questionCount)}</span>
    </label>
  );
}

function SecondsChoice({
  name,
  legend,
  options,
  value,
  onChange,
}: {
  name: string;
  legend: string;
  options: readonly number[];
  value: Seconds;
  onChange: (value: Seconds) => void;
}) {
  return (
    <fieldset className="choice-group">
      <legend>{legend}</legend>
      <div className="segmented">
        {[...options, "OFF" as const].map((option) => (
          <label key={option} className="segment">
            <input
              type="radio"
              name={name}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            <span>{option === "OFF" ? t.off : t.seconds(option)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
