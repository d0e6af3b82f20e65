import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { AVATAR_PLACEHOLDER } from "#app/features/account/avatar-placeholder.ts";
import { vi } from "#app/i18n/vi.ts";
import { paths } from "#base/paths.ts";

export interface HeaderUser {
  fullName: string;
  email: string;
  avatarUrl: string | null;
}

export { AVATAR_PLACEHOLDER };

// The picker and its upload code (~3 KB) load when the student reaches for the menu, not with
// every page; until then the popup shows the same picture.
const loadAvatarPicker = () => import("#app/features/account/avatar-picker.tsx");
// A failed early load is retried when the popup opens, which shows its own error.
const preloadAvatarPicker = () => void loadAvatarPicker().catch(() => undefined);
const AvatarPicker = lazy(() =>
  loadAvatarPicker().then((module) => ({ default: module.AvatarPicker })),
);

/**
 * Signed in: name and avatar; a click (or Enter) opens a popup with the avatar, name, email,
 * the account's pages and "Đăng xuất". Escape or a click elsewhere closes it. No hover opening:
 * on a laptop with a mouse, hover-then-click would close what the hover just opened.
 * In the phone's menu (`actionsShown`) the pages and "Đăng xuất" stand in the menu itself,
 * one tap away, and the popup keeps the avatar, name and email.
 */
export function UserMenu({
  user,
  actionsShown = false,
}: {
  user: HeaderUser;
  actionsShown?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const popupId = useId();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const avatar = user.avatarUrl ?? AVATAR_PLACEHOLDER;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div className="user-menu" ref={container}>
      <button
        ref={button}
        type="button"
        className="user-menu-button"
        aria-expanded={open}
        aria-controls={popupId}
        aria-label={vi.nav.accountMenu(user.fullName)}
        onClick={() => setOpen((value) => !value)}
        onPointerEnter={preloadAvatarPicker}
        onFocus={preloadAvatarPicker}
      >
        <span className="user-name">{user.fullName}</span>
        <img className="avatar" src={avatar} alt="" width={36} height={36} />
      </button>
      <div id={popupId} className="user-popup" hidden={!open}>
        {/* The spec's avatar popup: a click on the picture picks a new one. */}
        {open ? (
          <Suspense fallback={<AvatarPicture user={user} />}>
            <AvatarPicker avatarUrl={user.avatarUrl} fullName={user.fullName} size={72} />
          </Suspense>
        ) : (
          <AvatarPicture user={user} />
        )}
        <p className="user-popup-name">{user.fullName}</p>
        <p className="user-popup-email">{user.email}</p>
        {actionsShown ? null : <AccountActions onChoose={() => setOpen(false)} />}
      </div>
      {actionsShown ? <AccountActions onChoose={() => setOpen(false)} /> : null}
    </div>
  );
}

/** The popup's picture while the picker is not there: the same size and place. */
function AvatarPicture({ user }: { user: HeaderUser }) {
  return (
    <div className="avatar-picker">
      <img
        className="avatar"
        src={user.avatarUrl ?? AVATAR_PLACEHOLDER}
        alt={vi.nav.avatarAlt(user.fullName)}
        width={72}
        height={72}
      />
    </div>
  );
}

function AccountActions({ onChoose }: { onChoose: () => void }) {
  return (
    <div className="account-actions">
      <Link to={paths.profile} onClick={onChoose}>
        {vi.nav.profile}
      </Link>
      <Link to={paths.history()} onClick={onChoose}>
        {vi.nav.history}
      </Link>
      <Link to={paths.myPractices} onClick={onChoose}>
        {vi.nav.myPractices}
      </Link>
      <Form method="post" action={paths.logout} reloadDocument onSubmit={clearDeviceThenSignOut}>
        <button type="submit" className="button button-secondary">
          {vi.nav.logout}
        </button>
      </Form>
    </div>
  );
}

/**
 * Sign-out clears the device first (sign-out-device.ts, loaded only now), then the form goes to
 * the server. Without script, or if that code cannot load, the form still signs out.
 */
function clearDeviceThenSignOut(event: React.FormEvent<HTMLFormElement>): void {
  const form = event.currentTarget;
  if (form.dataset.deviceCleared === "1") return;
  event.preventDefault();
  void import("./sign-out-device.ts")
    .then((device) => device.clearDevice())
    .catch(() => true)
    .then((cleared) => {
      if (!cleared) return;
      form.dataset.deviceCleared = "1";
      form.requestSubmit();
    });
}
