import { useEffect, useRef, useState } from "react";
import { vi } from "#app/i18n/vi.ts";

const t = vi.pictures;

export interface ZoomedPicture {
  /** The full picture's address. */
  src: string;
  alt: string;
  /** Its own size in pixels (0 when unknown). */
  width: number;
  height: number;
  /** What opened it: focus goes back there. */
  trigger: HTMLElement;
}

export interface LightboxProps {
  picture: ZoomedPicture;
  onClose: () => void;
}

/**
 * A picture of a question, enlarged (issue 26): a modal dialog over the page with the full
 * picture fitted to the screen and its alt text as caption. "Kích thước thật" (or a tap on the
 * picture) shows it at its own size, panned by scrolling; a phone pinch-zooms it as any page.
 * Escape, "Đóng" and a tap beside the picture close it. Loaded only when a picture is tapped
 * (picture-zoom.tsx).
 */
export function Lightbox({ picture, onClose }: LightboxProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [actualSize, setActualSize] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // "Đóng" first: Enter or Space then closes it, as Escape does.
    closeButton.current?.focus();
  }, []);

  const close = () => dialog.current?.close();
  return (
    <dialog
      ref={dialog}
      className="lightbox"
      aria-labelledby="lightbox-caption"
      onClose={onClose}
      onClick={(event) => {
        // A tap beside the picture (on the dark around it), not on the picture or a button.
        const target = event.target as Element;
        if (target === event.currentTarget || target.classList.contains("lightbox-view")) close();
      }}
    >
      <div className="lightbox-bar">
        <button
          type="button"
          className="button button-secondary"
          aria-pressed={actualSize}
          onClick={() => setActualSize((on) => !on)}
        >
          {t.actualSize}
        </button>
        <button ref={closeButton} type="button" className="button button-primary" onClick={close}>
          {t.close}
        </button>
      </div>
      {/* Focusable, so a picture larger than the screen scrolls by keyboard too. */}
      <div
        className="lightbox-view"
        data-size={actualSize ? "actual" : "fit"}
        tabIndex={0}
        role="region"
        aria-label={t.view}
      >
        <img
          src={picture.src}
          alt={picture.alt}
          width={picture.width || undefined}
          height={picture.height || undefined}
          style={picture.width && picture.height ? ratioOf(picture) : undefined}
          onClick={() => setActualSize((on) => !on)}
        />
      </div>
      {/* The dialog's name; the picture itself says its alt text once to a screen reader. */}
      <p className="lightbox-caption" id="lightbox-caption" aria-hidden="true">
        {picture.alt}
      </p>
    </dialog>
  );
}

/** Its size and shape, for the fitted and the actual size (app/styles/pictures.css). */
function ratioOf(picture: ZoomedPicture): React.CSSProperties {
  return {
    "--picture-width": `${picture.width}px`,
    "--picture-ratio": picture.width / picture.height,
  } as React.CSSProperties;
}
