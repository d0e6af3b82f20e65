import { useState, type ClipboardEvent, type DragEvent, type RefObject } from "react";
import { viOwnPracticeEditor } from "#app/i18n/vi/own-practice-editor.ts";
import { OWN_PRACTICE_FILE_TYPES } from "#base/limits.ts";

const t = viOwnPracticeEditor;

/** Whether a drag carries files (a drag of selected text keeps the browser's own behaviour). */
function draggingFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes("Files");
}

/** Files dropped here: `onFiles` says what they are (pictures, or a bank file). */
function dropHandlers(onFiles: (files: File[]) => void, setOver?: (over: boolean) => void) {
  return {
    onDragOver: (event: DragEvent) => {
      if (!draggingFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "copy";
      setOver?.(true);
    },
    onDragLeave: () => setOver?.(false),
    onDrop: (event: DragEvent) => {
      setOver?.(false);
      const files = Array.from(event.dataTransfer.files);
      if (files.length === 0) return;
      event.preventDefault();
      onFiles(files);
    },
  };
}

/**
 * The questions' text area, with "Chèn ảnh" (a picture from the device: on a phone the only way,
 * as nothing is pasted or dropped there) above it. A picture pasted or files dropped on the area
 * go to `onPaste` and `onFiles`.
 */
export function SourceText({
  area,
  text,
  onText,
  onPaste,
  onFiles,
  onPictures,
}: {
  area: RefObject<HTMLTextAreaElement | null>;
  text: string;
  onText: (text: string) => void;
  onPaste: (event: ClipboardEvent<HTMLTextAreaElement>) => void;
  onFiles: (files: File[]) => void;
  onPictures: (files: File[]) => void;
}) {
  return (
    <div className="field">
      <label htmlFor="own-text">{t.textLabel}</label>
      <p id="own-text-hint" className="field-hint">
        {t.textHint}
      </p>
      <div className="own-text-tools">
        <input
          id="own-picture"
          type="file"
          className="visually-hidden own-file-input"
          accept="image/*"
          multiple
          aria-describedby="own-picture-hint"
          onChange={(event) => {
            onPictures(Array.from(event.target.files ?? []));
            event.target.value = "";
          }}
        />
        <label className="button button-secondary own-file-button" htmlFor="own-picture">
          {t.insertPicture}
        </label>
        <p id="own-picture-hint" className="field-hint">
          {t.pictureHint}
        </p>
      </div>
      <textarea
        id="own-text"
        ref={area}
        name="text"
        className="own-text"
        value={text}
        onChange={(event) => onText(event.target.value)}
        onPaste={onPaste}
        {...dropHandlers(onFiles)}
        spellCheck={false}
        rows={18}
        aria-describedby="own-text-hint"
      />
    </div>
  );
}

/** "Chọn tệp" and the drop zone around it, with the live region of files and pictures. */
export function DropZone({
  onFiles,
  status,
}: {
  onFiles: (files: File[]) => void;
  status: string;
}) {
  const [over, setOver] = useState(false);
  return (
    <div
      className={over ? "own-drop own-drop-over" : "own-drop"}
      {...dropHandlers(onFiles, setOver)}
    >
      <input
        id="own-file"
        type="file"
        className="visually-hidden own-file-input"
        accept={OWN_PRACTICE_FILE_TYPES.join(",")}
        aria-describedby="own-drop-hint"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFiles([file]);
          event.target.value = "";
        }}
      />
      <label className="button button-secondary own-file-button" htmlFor="own-file">
        {t.fileLabel}
      </label>
      <p id="own-drop-hint" className="field-hint">
        {t.dropHint}
      </p>
      <p className="own-drop-status" role="status">
        {status}
      </p>
    </div>
  );
}
