import { Form } from "react-router";
import { vi } from "#app/i18n/vi.ts";

const t = vi.history;

export interface PracticeOption {
  code: string;
  title: string;
  subjectCode: string;
  subjectName: string;
}

/**
 * The history's filters: a plain GET form (it works before the page's JavaScript loads, and the
 * filtered list has an address of its own). Practices are grouped by subject.
 */
export function HistoryFilters({
  practices,
  subject,
  practice,
}: {
  practices: readonly PracticeOption[];
  subject: string;
  practice: string;
}) {
  const subjects = [...new Map(practices.map((p) => [p.subjectCode, p.subjectName]))];
  return (
    <Form method="get" className="history-filters" aria-label={t.filters}>
      <label>
        <span>{t.subject}</span>
        <select name="subject" defaultValue={subject}>
          <option value="">{t.anySubject}</option>
          {subjects.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t.practice}</span>
        <select name="practice" defaultValue={practice}>
          <option value="">{t.anyPractice}</option>
          {subjects.map(([code, name]) => (
            <optgroup key={code} label={name}>
              {practices
                .filter((p) => p.subjectCode === code)
                .map((p) => (
                  <option key={p.code} value={p.code}>
                    {p.title}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </label>
      <button type="submit" className="button button-secondary">
        {t.applyFilters}
      </button>
    </Form>
  );
}
