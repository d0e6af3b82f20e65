import { useEffect, useRef } from "react";
import { Form, useNavigate } from "react-router";
import { viHistory } from "#app/i18n/vi/history.ts";
import { useHydrated } from "#app/lib/hydrated.ts";
import { paths } from "#base/paths.ts";

const t = viHistory;

export interface PracticeOption {
  code: string;
  title: string;
  subjectCode: string;
  subjectName: string;
}

/**
 * The history's filters: a plain GET form with a "Lọc" button until the page's script runs
 * (the filtered list has an address of its own), then a choice applies as soon as it is made
 * and the button goes. Practices are grouped by subject.
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
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const subjects = [...new Map(practices.map((p) => [p.subjectCode, p.subjectName]))];

  // The boxes show the list's filters, also when the back button or "Bỏ lọc" changed them.
  useEffect(() => {
    const fields = form.current?.elements;
    for (const [name, value] of [
      ["subject", subject],
      ["practice", practice],
    ] as const) {
      const field = fields?.namedItem(name);
      if (field instanceof HTMLSelectElement) field.value = value;
    }
  }, [subject, practice]);

  // Only the filters chosen go in the address: "Tất cả" leaves none.
  const apply = (event: React.FormEvent<HTMLFormElement>) => {
    const query = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (value) query.set(name, String(value));
    }
    void navigate(paths.history(query), { preventScrollReset: true });
  };

  return (
    <Form
      ref={form}
      method="get"
      className="history-filters"
      aria-label={t.filters}
      onChange={apply}
    >
      <div className="field">
        <label htmlFor="history-subject">{t.subject}</label>
        <select id="history-subject" name="subject" defaultValue={subject}>
          <option value="">{t.anySubject}</option>
          {subjects.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="history-practice">{t.practice}</label>
        <select id="history-practice" name="practice" defaultValue={practice}>
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
      </div>
      {hydrated ? null : (
        <button type="submit" className="button button-secondary">
          {t.applyFilters}
        </button>
      )}
    </Form>
  );
}
