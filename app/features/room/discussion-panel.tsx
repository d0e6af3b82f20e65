import { useCallback, useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { COMMENT_MAX } from "#base/limits.ts";
import { paths } from "#base/paths.ts";
import { viDiscussionPanel } from "#app/i18n/vi/discussion.ts";
import type { CommentView, Discussion } from "#services/discussion/comments.ts";

const t = viDiscussionPanel;

/** What GET /api/questions/:id/comments sends (services/discussion/comments.ts). */
type Comment = CommentView;

type Send = (fields: Record<string, string>) => Promise<string | null>;

async function fetchDiscussion(questionId: number, address: string | null): Promise<Discussion> {
  const response = await fetch(paths.apiComments(questionId, address));
  if (!response.ok) throw new Error(String(response.status));
  return (await response.json()) as Discussion;
}

/**
 * "Thảo luận" under a question's result (issue 30): its comments by votes, replies one level
 * deep, and a form to write one. Everything is asked of the server, which says who may do what;
 * a refusal or a dropped connection shows its message and keeps what was typed.
 */
export default function DiscussionPanel({
  id,
  questionId,
  address,
  signedIn,
}: {
  id: string;
  questionId: number;
  address: string | null;
  signedIn: boolean;
}) {
  const [discussion, setDiscussion] = useState<Discussion | null>(null);
  const [failed, setFailed] = useState(false);
  const location = useLocation();

  // Bumped to read the discussion again (after a change, or "Thử lại").
  const [version, setVersion] = useState(0);
  const load = useCallback(() => setVersion((n) => n + 1), []);
  useEffect(() => {
    let current = true;
    fetchDiscussion(questionId, address).then(
      (read) => {
        if (!current) return;
        setDiscussion(read);
        setFailed(false);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [questionId, address, version]);

  /** One POST; the list read again when it worked; the refusal's message when not. */
  const send: Send = useCallback(
    async (fields) => {
      const body = new URLSearchParams(fields);
      if (address) body.set("address", address);
      try {
        const response = await fetch(paths.apiComments(questionId), { method: "POST", body });
        if (response.ok) {
          load();
          return null;
        }
        const answer = (await response.json().catch(() => null)) as { message?: string } | null;
        return answer?.message ?? t.offline;
      } catch {
        return t.offline;
      }
    },
    [address, questionId, load],
  );

  return (
    <section id={id} className="discussion" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t.heading}</h2>
      {failed ? (
        <p role="alert">
          {t.failed}{" "}
          <button type="button" className="tool-toggle" onClick={load}>
            {t.retry}
          </button>
        </p>
      ) : discussion === null ? (
        <p className="muted">…</p>
      ) : (
        <>
          {discussion.comments.length === 0 ? <p className="muted">{t.empty}</p> : null}
          <ol className="comment-list">
            {discussion.comments.map((comment) => (
              <CommentItem
                key={comment.id}
                comment={comment}
                discussion={discussion}
                send={send}
                topLevel
              />
            ))}
          </ol>
          {signedIn && discussion.canWrite ? (
            <CommentForm
              id={`${id}-new`}
              label={t.newLabel}
              onSend={(body) => send({ intent: "post", body })}
            />
          ) : (
            <p>
              <Link to={paths.login(`${location.pathname}${location.search}`)}>{t.signIn}</Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}

function CommentItem({
  comment,
  discussion,
  send,
  topLevel,
}: {
  comment: Comment;
  discussion: Discussion;
  send: Send;
  topLevel: boolean;
}) {
  const [mode, setMode] = useState<"view" | "reply" | "edit" | "remove">("view");
  const [note, setNote] = useState<string | null>(null);
  const act = async (fields: Record<string, string>, done?: string) => {
    const error = await send({ ...fields, commentId: String(comment.id) });
    setNote(error ?? done ?? null);
    if (!error) setMode("view");
  };
  return (
    <li className="comment">
      {comment.deleted ? (
        <p className="muted">{t.deleted}</p>
      ) : (
        <>
          <p className="comment-head">
            <Avatar name={comment.authorName} image={comment.authorImage} />
            <strong>{comment.authorName}</strong>
            <span className="muted">
              {comment.createdAt}
              {comment.edited ? ` · ${t.edited}` : ""}
            </span>
          </p>
          {mode === "edit" ? (
            <CommentForm
              id={`comment-${comment.id}-edit`}
              label={t.editLabel}
              initial={comment.source ?? ""}
              onSend={async (body) => {
                const error = await send({ intent: "edit", body, commentId: String(comment.id) });
                if (error === null) setMode("view");
                return error;
              }}
              onCancel={() => setMode("view")}
            />
          ) : (
            <div className="rich comment-body" dangerouslySetInnerHTML={{ __html: comment.html }} />
          )}
          <CommentActions
            comment={comment}
            discussion={discussion}
            topLevel={topLevel}
            mode={mode}
            setMode={setMode}
            act={act}
          />
        </>
      )}
      {note ? (
        <p className="comment-note" role="status">
          {note}
        </p>
      ) : null}
      {mode === "reply" ? (
        <CommentForm
          id={`comment-${comment.id}-reply`}
          label={t.replyLabel(comment.authorName)}
          onSend={(body) => send({ intent: "reply", body, commentId: String(comment.id) })}
          onCancel={() => setMode("view")}
          onSent={() => setMode("view")}
        />
      ) : null}
      {comment.replies.length > 0 ? (
        <ol className="comment-list comment-replies">
          {comment.replies.map((reply) => (
            <CommentItem
              key={reply.id}
              comment={reply}
              discussion={discussion}
              send={send}
              topLevel={false}
            />
          ))}
        </ol>
      ) : null}
    </li>
  );
}

function CommentActions({
  comment,
  discussion,
  topLevel,
  mode,
  setMode,
  act,
}: {
  comment: Comment;
  discussion: Discussion;
  topLevel: boolean;
  mode: string;
  setMode: (mode: "view" | "reply" | "edit" | "remove") => void;
  act: (fields: Record<string, string>, done?: string) => Promise<void>;
}) {
  const write = discussion.canWrite;
  if (mode === "remove") {
    return (
      <p className="comment-actions">
        <span>{t.removeConfirm}</span>
        <button
          type="button"
          className="tool-toggle"
          onClick={() => void act({ intent: "delete" })}
        >
          {t.remove}
        </button>
        <button type="button" className="tool-toggle" onClick={() => setMode("view")}>
          {t.cancel}
        </button>
      </p>
    );
  }
  return (
    <p className="comment-actions">
      <button
        type="button"
        className="comment-vote"
        aria-pressed={comment.voted}
        aria-label={t.vote(comment.votes)}
        disabled={!write || comment.mine}
        onClick={() => void act({ intent: comment.voted ? "unvote" : "vote" })}
      >
        <span aria-hidden="true">▲ {t.votes(comment.votes)}</span>
      </button>
      {write && topLevel ? (
        <button type="button" className="tool-toggle" onClick={() => setMode("reply")}>
          {t.reply}
        </button>
      ) : null}
      {comment.mine ? (
        <>
          <button type="button" className="tool-toggle" onClick={() => setMode("edit")}>
            {t.edit}
          </button>
          <button type="button" className="tool-toggle" onClick={() => setMode("remove")}>
            {t.remove}
          </button>
        </>
      ) : write ? (
        <button
          type="button"
          className="tool-toggle"
          onClick={() => void act({ intent: "report" }, t.reported)}
        >
          {t.report}
        </button>
      ) : null}
      {discussion.canHide ? (
        <button type="button" className="tool-toggle" onClick={() => void act({ intent: "hide" })}>
          {t.hide}
        </button>
      ) : null}
    </p>
  );
}

function Avatar({ name, image }: { name: string; image: string | null }) {
  if (image) return <img className="comment-avatar" src={image} alt="" width={28} height={28} />;
  return (
    <span className="comment-avatar" aria-hidden="true">
      {name.trim().split(/\s+/).at(-1)?.charAt(0).toUpperCase() ?? "?"}
    </span>
  );
}

/** A comment's text and its button; what was typed stays when the server refuses it. */
function CommentForm({
  id,
  label,
  initial = "",
  onSend,
  onCancel,
  onSent,
}: {
  id: string;
  label: string;
  initial?: string;
  onSend: (body: string) => Promise<string | null>;
  onCancel?: () => void;
  onSent?: () => void;
}) {
  const [body, setBody] = useState(initial);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    const refused = await onSend(body);
    setSending(false);
    setError(refused);
    if (refused === null) {
      setBody("");
      onSent?.();
    }
  };
  return (
    <form className="comment-form" onSubmit={(event) => void submit(event)}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={3}
        maxLength={COMMENT_MAX}
        required
        value={body}
        onChange={(event) => setBody(event.target.value)}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="field-hint">
        {t.hint(COMMENT_MAX)}
      </p>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="comment-actions">
        <button type="submit" className="button button-primary" disabled={sending}>
          {sending ? t.sending : t.send}
        </button>
        {onCancel ? (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t.cancel}
          </button>
        ) : null}
      </p>
    </form>
  );
}
