import { useCallback, useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import type { PreviewProblem } from "#content/own-preview.ts";
import { viOwnPracticeEditor } from "#app/i18n/vi/own-practice-editor.ts";
import type { OwnPracticeFieldErrors, OwnPracticeValues } from "#services/own-practices/form.ts";
import { SaveActions, TitleFields } from "./editor-fields.tsx";
import { FormatHelp, PreviewPanel, ProblemList } from "./preview-panel.tsx";
import { lineRange, offsetTopIn, requestPreview, type PreviewReply } from "./preview-request.ts";
import { DropZone, SourceText } from "./source-field.tsx";
import { titleFromFileName } from "./title-from-file.ts";
import { usePictureInsert } from "./use-picture-insert.ts";

const t = viOwnPracticeEditor;

/** A pause this long in typing sends the text for a new preview. */
const PREVIEW_DELAY_MS = 400;

export type EditorValues = OwnPracticeValues;

/** The practice as saved elsewhere since this editor was opened, for the student to merge. */
export interface SavedElsewhere {
  title: string;
  text: string;
}

export type EditorErrors = OwnPracticeFieldErrors;

/** The preview on screen and the text it was made from (its problems point into that text). */
interface Shown {
  text: string;
  reply: PreviewReply;
}

/**
 * "Tạo đề của tôi" and "Sửa đề": the text area, a file chooser and drop zone, and beside them
 * (below on a phone) the live preview from the server with every problem at its line. Pictures
 * pasted, dropped or chosen with "Chèn ảnh" go into the text at the caret (use-picture-insert.ts).
 * The form posts title, subject and text to the page's action; "Lưu đề" waits for a clean
 * preview.
 */
export function PracticeEditor({
  initial,
  errors,
  heading,
  savedElsewhere,
}: {
  initial: EditorValues;
  errors: EditorErrors | undefined;
  heading: string;
  savedElsewhere?: SavedElsewhere | undefined;
}) {
  const [title, setTitle] = useState(initial.title);
  const [text, setText] = useState(initial.text);
  const [fileName, setFileName] = useState(initial.fileName);
  const [shown, setShown] = useState<Shown | null>(null);
  const [notes, setNotes] = useState<{ fileName: string; notes: PreviewProblem[] } | null>(null);
  const [status, setStatus] = useState<"idle" | "updating" | "converting">("idle");
  const [failure, setFailure] = useState<string | null>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const pending = useRef<AbortController | null>(null);
  const fillTitleFrom = useTitleFromFile(setTitle);
  const navigation = useNavigation();
  const pictures = usePictureInsert({ areaRef: textArea, setText });
  const { uploading, takeInserted } = pictures;

  const send = useCallback(
    async (form: FormData, sentText: string | null) => {
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      setStatus(sentText === null ? "converting" : "updating");
      try {
        const result = await requestPreview(form, controller.signal);
        // Superseded while its answer was being read: the newer request speaks.
        if (controller.signal.aborted) return;
        setFailure(result.ok ? null : (result.message ?? t.previewFailed));
        if (result.ok) {
          const { reply } = result;
          if (reply.text !== undefined) {
            setText(reply.text);
            setFileName(reply.fileName ?? "");
            setNotes({ fileName: reply.fileName ?? "", notes: reply.notes });
            fillTitleFrom(reply.fileName ?? "");
          }
          setShown({ text: reply.text ?? sentText ?? "", reply });
        }
        setStatus("idle");
      } catch {
        // Aborted: a newer request took its place.
      }
    },
    [fillTitleFrom],
  );

  useEffect(() => {
    // A picture's placeholder is no part of the practice: the preview waits for its token.
    if (shown?.text === text || text.trim() === "" || uploading) return;
    // A picture that just went in is shown at once, not after the typing pause.
    const delay = takeInserted() ? 0 : PREVIEW_DELAY_MS;
    const timer = setTimeout(() => {
      const form = new FormData();
      form.set("text", text);
      if (fileName) form.set("fileName", fileName);
      void send(form, text);
    }, delay);
    return () => clearTimeout(timer);
  }, [text, fileName, shown, send, uploading, takeInserted]);

  /** Dropped or chosen files: pictures go into the text, anything else is read as a bank file. */
  const takeFiles = (files: File[]) => {
    if (pictures.dropFiles(files) || !files[0]) return;
    pictures.clearStatus();
    const form = new FormData();
    form.set("file", files[0]);
    void send(form, null);
  };

  const goToLine = (line: number) => selectLine(textArea.current, line);

  const current = shown && shown.text === text ? shown.reply : null;
  const errorCount = current?.problems.filter((p) => p.severity === "error").length ?? 0;
  const ready =
    title.trim() !== "" &&
    current !== null &&
    errorCount === 0 &&
    current.questions.length > 0 &&
    !uploading;
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";

  return (
    <div className="own-editor">
      <h1>{heading}</h1>
      <p className="muted">{t.intro}</p>
      <Form method="post" encType="multipart/form-data" className="own-editor-form" noValidate>
        {errors?.form ? (
          <p className="form-error" role="alert">
            {errors.form}
          </p>
        ) : null}
        {savedElsewhere ? <SavedElsewhereCopy saved={savedElsewhere} /> : null}
        {initial.version !== undefined ? (
          <input type="hidden" name="version" value={initial.version} />
        ) : null}
        <TitleFields
          title={title}
          onTitle={setTitle}
          subjectName={initial.subjectName}
          errors={errors}
        />
        <div className="own-editor-columns">
          <div className="own-editor-source">
            <DropZone
              onFiles={takeFiles}
              status={dropStatus(status === "converting", pictures.status, notes?.fileName)}
            />
            {notes && notes.notes.length > 0 ? (
              <section className="own-notes" aria-labelledby="own-notes-heading">
                <h2 id="own-notes-heading">{t.notesHeading}</h2>
                <ProblemList problems={notes.notes} text={text} onGoTo={goToLine} />
              </section>
            ) : null}
            <SourceText
              area={textArea}
              text={text}
              onText={(value) => {
                setText(value);
                // A cleared area starts afresh: the next paste is read by its own content.
                if (value.trim() === "") setFileName("");
              }}
              onPaste={pictures.onPaste}
              onFiles={takeFiles}
              onPictures={pictures.insertFiles}
            />
            <input type="hidden" name="fileName" value={fileName} />
            <FormatHelp />
          </div>
          <PreviewPanel
            preview={current ?? shown?.reply ?? null}
            sourceText={current ? text : (shown?.text ?? "")}
            updating={status !== "idle" || (shown !== null && shown.text !== text)}
            failure={failure}
            empty={text.trim() === ""}
            onGoTo={goToLine}
          />
        </div>
        <SaveActions ready={ready} saving={saving} />
      </Form>
    </div>
  );
}

/** The drop zone's live region: a file being read, then pictures being sent or their outcome. */
function dropStatus(converting: boolean, pictures: string | null, fileName: string | undefined) {
  if (converting) return t.converting;
  return pictures ?? (fileName ? t.fileLoaded(fileName) : "");
}

/**
 * Fills the title in from a dropped file's name while the student has not written one: the
 * next file's name replaces a title that came from a file, never one the student typed or edited.
 */
function useTitleFromFile(setTitle: (update: (current: string) => string) => void) {
  const filled = useRef<string | null>(null);
  return useCallback(
    (fileName: string) => {
      const fileTitle = titleFromFileName(fileName);
      setTitle((current) => {
        const untouched = current.trim() === "" || current === filled.current;
        if (!untouched || fileTitle === "") return current;
        filled.current = fileTitle;
        return fileTitle;
      });
    },
    [setTitle],
  );
}

/** Selects a line of the text (a problem's), a third of the way down the area, with the lines before it in sight. */
function selectLine(area: HTMLTextAreaElement | null, line: number) {
  if (!area) return;
  const [start, end] = lineRange(area.value, line);
  area.focus();
  area.setSelectionRange(start, end);
  area.scrollTop = Math.max(0, offsetTopIn(area, start) - area.clientHeight / 3);
}

/** The copy saved elsewhere, read-only beside the student's own text, to merge by hand. */
function SavedElsewhereCopy({ saved }: { saved: SavedElsewhere }) {
  return (
    <details className="own-saved-elsewhere">
      <summary>{t.savedElsewhereSummary(saved.title)}</summary>
      <label htmlFor="own-saved-text" className="field-hint">
        {t.savedElsewhereLabel}
      </label>
      <textarea
        id="own-saved-text"
        className="own-text"
        value={saved.text}
        readOnly
        rows={12}
        spellCheck={false}
      />
    </details>
  );
}
