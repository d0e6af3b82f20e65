import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { vi } from "#app/i18n/vi.ts";
import { paths } from "#base/paths.ts";

const t = vi.search;

/** How long typing rests before the results follow it. */
const TYPING_PAUSE_MS = 300;

/**
 * The home page's search box: a GET form (`/?q=…`), so it works before JavaScript and a search
 * can be shared. Once hydrated, the results follow the typing after a pause; starting a search
 * adds one history entry, every later change replaces it (Back leaves the search, not a letter).
 */
export function SearchForm({ query, subject }: { query: string; subject: string | null }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(query);
  // The query this box last asked for: a loader answering an older one must not undo typing.
  const asked = useRef(query);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    // The address changed by other means (Back, a link): show its query.
    if (query === asked.current) return;
    asked.current = query;
    setValue(query);
  }, [query]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function search(next: string) {
    clearTimeout(timer.current);
    if (next === asked.current) return;
    const searching = asked.current.trim() !== "";
    asked.current = next;
    const params = new URLSearchParams();
    if (subject) params.set("mon", subject);
    if (next.trim()) params.set("q", next);
    void navigate(paths.homeWith(params), { replace: searching, preventScrollReset: true });
  }

  return (
    <form
      className="search"
      role="search"
      method="get"
      action={paths.home}
      onSubmit={(event) => {
        event.preventDefault();
        search(value);
      }}
    >
      <label htmlFor="catalogue-search" className="visually-hidden">
        {t.label}
      </label>
      <input
        id="catalogue-search"
        name="q"
        type="search"
        placeholder={t.placeholder}
        autoComplete="off"
        enterKeyHint="search"
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          setValue(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => search(next), TYPING_PAUSE_MS);
        }}
      />
      {subject ? <input type="hidden" name="mon" value={subject} /> : null}
      <button type="submit" className="button button-secondary">
        {t.submit}
      </button>
    </form>
  );
}
