import type { PracticeInfo } from "#db/catalogue.ts";
import { vi } from "#app/i18n/vi.ts";
import { viPracticeSetup } from "#app/i18n/vi/practice-setup.ts";
import { type RoomSetup } from "#app/lib/room-setup.ts";
import { rangeSizesFor, rangeTiles, shownRangeSize } from "#app/lib/selection-links.ts";
import type { Selection } from "#base/selection.ts";
import { viSelection } from "#base/i18n/vi/selection.ts";

const t = viPracticeSetup;

function sameSelection(a: Selection | null, b: Selection): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

interface ChoiceProps {
  practice: PracticeInfo;
  setup: RoomSetup;
  update: (change: Partial<RoomSetup>) => void;
}

/** What to practise: a chapter when the practice has chapters, else a range of positions, or all. */
export function SelectionChoices({ practice, setup, update }: ChoiceProps) {
  return practice.chapters.length > 0 ? (
    <ChapterChoices practice={practice} setup={setup} update={update} />
  ) : (
    <RangeChoices practice={practice} setup={setup} update={update} />
  );
}

function ChapterChoices({ practice, setup, update }: ChoiceProps) {
  const choose = (selection: Selection) => update({ selection });
  return (
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
                {viSelection.chapterTitle(chapter.idx + 1, chapter.title)}
              </span>
              <span className="choice-meta">{vi.catalogue.questions(chapter.questionCount)}</span>
              {chapter.description ? (
                <span className="choice-meta">{t.chapterContent(chapter.description)}</span>
              ) : null}
            </label>
          );
        })}
        <AllTile practice={practice} setup={setup} choose={choose} />
      </div>
    </fieldset>
  );
}

function RangeChoices({ practice, setup, update }: ChoiceProps) {
  const choose = (selection: Selection) => update({ selection });
  const rangeSizes = rangeSizesFor(practice.questionCount);
  const rangeSize = shownRangeSize(setup, practice.questionCount);
  return (
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
                      // A range of the old size is no tile any more: the first of the new size is.
                      selection:
                        setup.selection?.type === "PRACTICE_TIME_RANGE"
                          ? {
                              type: "PRACTICE_TIME_RANGE",
                              ...rangeTiles(practice.questionCount, size)[0]!,
                            }
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
                  <span className="choice-title">{viSelection.range(start, end)}</span>
                </label>
              );
            },
          )}
          <AllTile practice={practice} setup={setup} choose={choose} />
        </div>
      </fieldset>
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
      <span className="choice-title">{viSelection.all(practice.questionCount)}</span>
    </label>
  );
}
