import { viOwnPracticeEditor } from "#app/i18n/vi/own-practice-editor.ts";
import type { OwnPracticeFieldErrors } from "#services/own-practices/form.ts";
import { OWN_PRACTICE_SUBJECT_MAX, OWN_PRACTICE_TITLE_MAX } from "#base/limits.ts";

const t = viOwnPracticeEditor;

/** The practice's title (kept by the editor, which needs it to allow saving) and subject. */
export function TitleFields({
  title,
  onTitle,
  subjectName,
  errors,
}: {
  title: string;
  onTitle: (title: string) => void;
  subjectName: string;
  errors: OwnPracticeFieldErrors | undefined;
}) {
  return (
    <div className="own-editor-fields">
      <div className="field">
        <label htmlFor="title">{t.titleLabel}</label>
        <input
          id="title"
          name="title"
          value={title}
          onChange={(event) => onTitle(event.target.value)}
          maxLength={OWN_PRACTICE_TITLE_MAX}
          required
          aria-invalid={errors?.title ? true : undefined}
          aria-describedby={errors?.title ? "title-hint title-error" : "title-hint"}
        />
        <p id="title-hint" className="field-hint">
          {t.titleHint}
        </p>
        {errors?.title ? (
          <p id="title-error" className="field-error">
            {errors.title}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor="subjectName">{t.subjectLabel}</label>
        <input
          id="subjectName"
          name="subjectName"
          defaultValue={subjectName}
          maxLength={OWN_PRACTICE_SUBJECT_MAX}
          aria-invalid={errors?.subjectName ? true : undefined}
          aria-describedby={errors?.subjectName ? "subjectName-error" : undefined}
        />
        {errors?.subjectName ? (
          <p id="subjectName-error" className="field-error">
            {errors.subjectName}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** "Lưu đề", and why it cannot be pressed yet. */
export function SaveActions({ ready, saving }: { ready: boolean; saving: boolean }) {
  return (
    <div className="own-editor-actions">
      {!ready ? (
        <p id="save-blocked" className="field-hint">
          {t.saveBlocked}
        </p>
      ) : null}
      <button
        type="submit"
        className="button button-primary"
        disabled={!ready || saving}
        aria-describedby={!ready ? "save-blocked" : undefined}
      >
        {saving ? t.saving : t.save}
      </button>
    </div>
  );
}
