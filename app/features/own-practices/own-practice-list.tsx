import { useState } from "react";
import { Form, Link } from "react-router";
import { viMyPractices } from "#app/i18n/vi/my-practices.ts";
import { paths } from "#base/paths.ts";

const t = viMyPractices;

export interface OwnPracticeItem {
  code: string;
  title: string;
  subjectName: string | null;
  questionCount: number;
  attemptCount: number;
  /** dd/MM/yyyy, or null when never practised. */
  lastPractised: string | null;
  /** The share link (absolute) while shared. */
  shareUrl: string | null;
  blocked: boolean;
}

/** "Đề của tôi": one card per practice with its figures, share state and actions. */
export function OwnPracticeList({ practices }: { practices: OwnPracticeItem[] }) {
  if (practices.length === 0) return <p className="muted">{t.empty}</p>;
  return (
    <ul className="own-practice-list">
      {practices.map((practice) => (
        <OwnPracticeCard key={practice.code} practice={practice} />
      ))}
    </ul>
  );
}

function OwnPracticeCard({ practice }: { practice: OwnPracticeItem }) {
  const headingId = `own-${practice.code}`;
  return (
    <li className="card own-practice" aria-labelledby={headingId}>
      {practice.subjectName ? (
        <p className="card-kicker">{t.subject(practice.subjectName)}</p>
      ) : null}
      <h2 id={headingId} className="own-practice-title">
        {practice.title}
      </h2>
      <p className="card-counts">
        <span>{t.questions(practice.questionCount)}</span>
        <span>{t.attempts(practice.attemptCount)}</span>
        <span>
          {practice.lastPractised ? t.lastPractised(practice.lastPractised) : t.neverPractised}
        </span>
      </p>
      <p className="own-practice-state">
        <span className="state-badge" data-state={practice.shareUrl ? "shared" : "private"}>
          {practice.shareUrl ? t.shared : t.private}
        </span>
        {practice.blocked ? (
          <span className="state-badge" data-state="blocked">
            {t.blocked}
          </span>
        ) : null}
      </p>
      {practice.shareUrl ? <ShareLink url={practice.shareUrl} code={practice.code} /> : null}
      <div className="own-practice-actions" role="group" aria-label={t.actionsOf(practice.title)}>
        <Link className="button button-primary" to={paths.practiceSetup(practice.code)}>
          {t.practise}
        </Link>
        <Link className="button button-secondary" to={paths.myPracticeEdit(practice.code)}>
          {t.edit}
        </Link>
        <Form method="post">
          <input type="hidden" name="code" value={practice.code} />
          <button
            type="submit"
            name="intent"
            value={practice.shareUrl ? "unshare" : "share"}
            className="button button-secondary"
          >
            {practice.shareUrl ? t.unshare : t.share}
          </button>
        </Form>
        <details className="own-practice-delete">
          <summary className="button button-secondary">{t.delete}</summary>
          <Form method="post" className="own-practice-confirm">
            <p>{t.deleteConfirm(practice.title)}</p>
            <input type="hidden" name="code" value={practice.code} />
            <button type="submit" name="intent" value="delete" className="button button-danger">
              {t.deleteYes}
            </button>
          </Form>
        </details>
      </div>
    </li>
  );
}

/** The link in a read-only field (selectable without script) and a copy button. */
function ShareLink({ url, code }: { url: string; code: string }) {
  const [copied, setCopied] = useState(false);
  const id = `share-${code}`;
  return (
    <div className="share-link">
      <label htmlFor={id}>{t.shareLink}</label>
      <div className="share-link-row">
        <input id={id} type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(url).then(() => setCopied(true));
          }}
        >
          {t.copy}
        </button>
      </div>
      <p className="muted" aria-live="polite">
        {copied ? t.copied : ""}
      </p>
    </div>
  );
}
