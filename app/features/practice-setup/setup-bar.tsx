import type { PracticeInfo } from "#db/catalogue.ts";
import { viPracticeSetup } from "#app/i18n/vi/practice-setup.ts";
import type { RoomSetup } from "#app/lib/room-setup.ts";
import { selectionLabel } from "#base/selection-label.ts";
import type { Selection } from "#base/selection.ts";
import { paths } from "#base/paths.ts";

const t = viPracticeSetup;

function selectionSize(selection: Selection, practice: PracticeInfo): number {
  if (selection.type === "PRACTICE_TIME_ALL") return practice.questionCount;
  if (selection.type === "PRACTICE_TIME_RANGE") return selection.end - selection.start + 1;
  return practice.chapters.find((c) => c.idx === selection.chapterIdx)?.questionCount ?? 0;
}

/** "Chương 1: … · 12 câu hỏi"; "Tất cả 77 câu hỏi" already says how many, once. */
function summaryOf(selection: Selection, practice: PracticeInfo): string {
  const label = selectionLabel(selection, practice);
  return selection.type === "PRACTICE_TIME_ALL"
    ? label
    : t.selectionSummary(label, selectionSize(selection, practice));
}

/** The bar under the form: what is chosen, "Xem trước" and "Bắt đầu" (or the sign-in link). */
export function SetupBar({
  practice,
  setup,
  mayStart,
  preview,
  start,
  startText = t.start,
  reachForStart,
}: {
  practice: PracticeInfo;
  setup: RoomSetup;
  /** False: "Đăng nhập để bắt đầu" instead (a guest's mock exam). */
  mayStart: boolean;
  preview: () => void;
  start: () => void;
  /** "Bắt đầu", or "Bắt đầu thi thử" for a mock exam. */
  startText?: string;
  reachForStart: (event: React.PointerEvent | React.FocusEvent) => void;
}) {
  const loginHref = paths.login(paths.practiceSetup(practice.code));
  return (
    <div className="sticky-bar">
      <p className="sticky-summary" aria-live="polite">
        {/* A phone shows only the size; the whole summary is still read out. */}
        <span className="phone-only" aria-hidden="true">
          {setup.selection
            ? t.rangeSizeOption(selectionSize(setup.selection, practice))
            : t.chooseFirstShort}
        </span>
        <span className="sticky-summary-full">
          {setup.selection ? summaryOf(setup.selection, practice) : t.chooseFirst}
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
        {mayStart ? (
          <button
            type="button"
            className="button button-primary"
            onClick={start}
            onPointerEnter={reachForStart}
            onFocus={reachForStart}
          >
            {startText}
          </button>
        ) : (
          <a className="button button-primary" href={loginHref} aria-label={t.loginToStart}>
            <ShortOnPhone short={t.loginToStartShort} full={t.loginToStart} />
          </a>
        )}
      </div>
    </div>
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
