import { useEffect, useRef, useState } from "react";
import type { PracticeInfo } from "#db/catalogue.ts";
import { Switch } from "#app/ui/switch.tsx";
import { viPracticeSetup } from "#app/i18n/vi/practice-setup.ts";
import { katexStylesheet } from "#app/lib/question-stylesheets.ts";
import {
  loadQuestionList,
  type QuestionList,
} from "#app/features/practice-setup/question-cache.ts";
import { selectionParams } from "#app/lib/selection-links.ts";
import type { Selection } from "#base/selection.ts";
import { PreviewQuestion } from "./preview-question.tsx";
import { paths } from "#base/paths.ts";

const t = viPracticeSetup;

/**
 * "Xem trước câu hỏi": the chosen questions in a modal dialog (focus kept inside, Escape and
 * "Đóng" close it), with a switch that marks the keys.
 */
export function PreviewDialog({
  practice,
  selection,
  title,
  onClose,
}: {
  practice: PracticeInfo;
  selection: Selection;
  title: string;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [state, setState] = useState<
    { status: "loading" } | { status: "failed" } | { status: "ready"; list: QuestionList }
  >({
    status: "loading",
  });
  const [showKeys, setShowKeys] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  useEffect(() => {
    const params = selectionParams(selection);
    params.set("v", String(practice.contentVersion));
    let cancelled = false;
    loadQuestionList(paths.practiceQuestions(practice.code, params))
      .then((list) => !cancelled && setState({ status: "ready", list }))
      .catch(() => !cancelled && setState({ status: "failed" }));
    return () => {
      cancelled = true;
    };
  }, [practice.code, practice.contentVersion, selection, attempt]);

  return (
    <dialog
      ref={dialog}
      className="preview-dialog"
      aria-labelledby="preview-title"
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {/* KaTeX's styles only when questions are shown: the set-up page paints without them. */}
      <link rel="stylesheet" href={katexStylesheet} precedence="question" />
      <div className="preview-head">
        <h2 id="preview-title">
          {t.previewTitle}: {title}
        </h2>
        <Switch label={t.previewShowKey} checked={showKeys} onChange={setShowKeys} />
      </div>
      {/* Focusable, so the list scrolls by keyboard too. */}
      <div className="preview-body" tabIndex={0} role="region" aria-label={t.questionList}>
        {state.status === "loading" ? <p role="status">{t.loading}</p> : null}
        {state.status === "failed" ? (
          <div role="alert">
            <p>{t.loadFailed}</p>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setState({ status: "loading" });
                setAttempt((n) => n + 1);
              }}
            >
              {t.retry}
            </button>
          </div>
        ) : null}
        {state.status === "ready" ? (
          <ol className="question-list">
            {state.list.questions.map((question) => (
              <PreviewQuestion key={question.id} question={question} showKeys={showKeys} />
            ))}
          </ol>
        ) : null}
      </div>
      <div className="preview-foot">
        <button
          type="button"
          className="button button-primary"
          onClick={() => dialog.current?.close()}
        >
          {t.close}
        </button>
      </div>
    </dialog>
  );
}
