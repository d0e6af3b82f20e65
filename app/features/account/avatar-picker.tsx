import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { showToast } from "#app/ui/toast.ts";
import { vi } from "#app/i18n/vi.ts";
import { checkAvatarFile, uploadAvatar } from "#app/features/account/avatar-upload.ts";
import { ACCEPTED_AVATAR_TYPES } from "#base/limits.ts";
import { viAvatar } from "#base/i18n/vi/avatar.ts";
import { AVATAR_PLACEHOLDER } from "#app/features/account/avatar-placeholder.ts";

type Upload = { state: "idle" } | { state: "running"; percent: number; retrying: boolean };

/**
 * The avatar as a button: a click opens the file picker (gif, jpeg, png), the picture is
 * checked, uploaded with a real percentage and a "Hủy" button, and on success every avatar on
 * the page (header included) shows the new one through a revalidation, without a reload.
 */
export function AvatarPicker({
  avatarUrl,
  fullName,
  size,
  labelledButton = false,
}: {
  avatarUrl: string | null;
  fullName: string;
  size: number;
  /** A visible "Thay ảnh đại diện" button beside the picture (the profile page). */
  labelledButton?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [upload, setUpload] = useState<Upload>({ state: "idle" });
  const revalidator = useRevalidator();
  const label = avatarUrl ? viAvatar.change : viAvatar.add;

  async function onPick(file: File | undefined) {
    if (input.current) input.current.value = "";
    if (!file) return;
    const problem = checkAvatarFile(file);
    if (problem) {
      void showToast("error", problem);
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setUpload({ state: "running", percent: 0, retrying: false });
    const outcome = await uploadAvatar(file, controller.signal, {
      onProgress: (percent) => setUpload({ state: "running", percent, retrying: false }),
      onRetry: () => setUpload((u) => (u.state === "running" ? { ...u, retrying: true } : u)),
    });
    abort.current = null;
    setUpload({ state: "idle" });
    if (outcome.kind === "ok") {
      void showToast("success", viAvatar.success);
      await revalidator.revalidate();
    } else if (outcome.kind === "canceled") {
      void showToast("info", viAvatar.canceled);
    } else {
      const reason = outcome.kind === "refused" ? `: ${outcome.message}` : "";
      void showToast("error", `${viAvatar.failure}${reason}`);
    }
  }

  return (
    <div className="avatar-picker" data-labelled={labelledButton || undefined}>
      <button
        type="button"
        className="avatar-picker-button"
        title={label}
        // With the labelled button beside it, the picture is a mouse shortcut only: one stop
        // and one name for the keyboard and screen readers.
        aria-label={labelledButton ? undefined : label}
        tabIndex={labelledButton ? -1 : undefined}
        disabled={upload.state === "running"}
        onClick={() => input.current?.click()}
      >
        <img
          className="avatar"
          src={avatarUrl ?? AVATAR_PLACEHOLDER}
          alt={vi.nav.avatarAlt(fullName)}
          width={size}
          height={size}
        />
      </button>
      {labelledButton ? (
        <button
          type="button"
          className="button button-secondary"
          disabled={upload.state === "running"}
          onClick={() => input.current?.click()}
        >
          {label}
        </button>
      ) : null}
      <input
        ref={input}
        type="file"
        accept={ACCEPTED_AVATAR_TYPES.join(",")}
        hidden
        onChange={(event) => void onPick(event.target.files?.[0])}
      />
      {upload.state === "running" ? (
        <div className="avatar-progress" role="status">
          <progress max={100} value={upload.percent} aria-label={viAvatar.progressLabel} />
          <span>{upload.retrying ? viAvatar.retrying : viAvatar.uploading(upload.percent)}</span>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => abort.current?.abort()}
          >
            {viAvatar.cancel}
          </button>
        </div>
      ) : null}
    </div>
  );
}
