import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type Dispatch,
  type RefObject,
  type SetStateAction,
} from "react";
import { viOwnPracticeEditor } from "#app/i18n/vi/own-practice-editor.ts";
import {
  isPictureFile,
  pictureToken,
  picturesOfPaste,
  placeholderOf,
  placePicture,
  replaceSegment,
  uploadPicture,
  type PictureUpload,
} from "./picture-insert.ts";

const t = viOwnPracticeEditor;

type Selection = readonly [number, number];

interface Job {
  file: File;
  placeholder: string;
  /** The placeholder with the line breaks put around it, taken out again if the picture is refused. */
  segment: string;
}

/** An edit of the text and where it leaves the caret. */
type Edit = { text: string; selection: [number, number] };

/** Every job's placeholder at the selection, one after the other, each noting its segment. */
function placeAll(text: string, jobs: readonly Job[], at: Selection): Edit {
  let next = text;
  let [start, end] = at;
  for (const job of jobs) {
    const placed = placePicture(next, start, end, job.placeholder);
    job.segment = placed.segment;
    next = placed.text;
    start = end = placed.caret;
  }
  return { text: next, selection: [start, end] };
}

/**
 * A job's outcome in the text: its placeholder becomes the picture's token (put at the caret if
 * the student edited the placeholder away meanwhile), or goes, with the line breaks put around it.
 */
function settle(text: string, job: Job, result: PictureUpload, at: Selection): Edit | null {
  if (result.ok) {
    const token = pictureToken(result.picture.hash);
    const replaced = replaceSegment(text, job.placeholder, token, at);
    if (replaced) return replaced;
    const placed = placePicture(text, at[0], at[1], token);
    return { text: placed.text, selection: [placed.caret, placed.caret] };
  }
  return replaceSegment(text, job.segment, "", at) ?? replaceSegment(text, job.placeholder, "", at);
}

/**
 * Edits of a text area's text that say where the caret goes: applied once React has put the new
 * text in the area (which moves the caret to its end).
 */
function useCaretEdits(
  areaRef: RefObject<HTMLTextAreaElement | null>,
  setText: Dispatch<SetStateAction<string>>,
) {
  const caret = useRef<[number, number] | null>(null);
  useLayoutEffect(() => {
    const selection = caret.current;
    if (!selection || !areaRef.current) return;
    caret.current = null;
    areaRef.current.setSelectionRange(selection[0], selection[1]);
  });
  return useCallback(
    (edit: (text: string, selection: Selection) => Edit | null) => {
      const node = areaRef.current;
      const at: Selection = node ? [node.selectionStart, node.selectionEnd] : [Infinity, Infinity];
      setText((text) => {
        const edited = edit(text, at);
        if (!edited) return text;
        caret.current = edited.selection;
        return edited.text;
      });
    },
    [areaRef, setText],
  );
}

/**
 * Pictures into the editor's text (issue 26): a pasted picture, picture files dropped on the
 * text or chosen with "Chèn ảnh". Each is put at the caret at once, as a placeholder the student
 * sees ("![Đang tải ảnh 1…]()"), sent to POST /api/pictures one after another, then replaced by
 * its token wherever the student's typing meanwhile moved it; a refused one is taken out again
 * and the server's reason shown. The text is the only state: a token survives whatever keeps
 * the text (a refused save brings it back as it was, and its picture is still the student's).
 */
export function usePictureInsert({
  areaRef,
  setText,
}: {
  areaRef: RefObject<HTMLTextAreaElement | null>;
  setText: Dispatch<SetStateAction<string>>;
}) {
  const [pending, setPending] = useState(0);
  const [outcome, setOutcome] = useState<string | null>(null);
  const serial = useRef(0);
  const inserted = useRef(false);
  const editText = useCaretEdits(areaRef, setText);

  const insertFiles = useCallback(
    (files: readonly File[]) => {
      if (files.length === 0) return;
      const jobs: Job[] = files.map((file) => {
        serial.current += 1;
        return { file, placeholder: placeholderOf(serial.current), segment: "" };
      });
      editText((text, at) => placeAll(text, jobs, at));
      setPending((count) => count + jobs.length);
      setOutcome(null);
      void (async () => {
        for (const job of jobs) {
          const result = await uploadPicture(job.file);
          editText((text, at) => settle(text, job, result, at));
          setPending((count) => count - 1);
          setOutcome(result.ok ? t.pictureInserted : result.message);
          if (result.ok) inserted.current = true;
        }
      })();
    },
    [editText],
  );

  /** A paste of pictures only (no text beside them) inserts them; any other paste is the browser's. */
  const onPaste = useCallback(
    (event: ClipboardEvent<HTMLTextAreaElement>) => {
      const pictures = picturesOfPaste(event.clipboardData);
      if (pictures.length === 0) return;
      event.preventDefault();
      insertFiles(pictures);
    },
    [insertFiles],
  );

  /** Dropped files: the pictures among them are inserted (true); without any, they are not ours. */
  const dropFiles = useCallback(
    (files: readonly File[]): boolean => {
      const pictures = files.filter(isPictureFile);
      insertFiles(pictures);
      return pictures.length > 0;
    },
    [insertFiles],
  );

  return {
    insertFiles,
    onPaste,
    dropFiles,
    /** Pictures still being sent: their placeholders are in the text, so it is not ready to save. */
    uploading: pending > 0,
    /** What the live region says: the sending, then the last one's outcome. */
    status: pending > 0 ? t.uploadingPicture(pending) : outcome,
    clearStatus: useCallback(() => setOutcome(null), []),
    /** Whether a picture went in since last asked: the preview then shows it at once. */
    takeInserted: useCallback(() => {
      const was = inserted.current;
      inserted.current = false;
      return was;
    }, []),
  };
}
