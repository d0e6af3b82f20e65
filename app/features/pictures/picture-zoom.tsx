import { useEffect, useState } from "react";
import type { Lightbox, LightboxProps, ZoomedPicture } from "./lightbox.tsx";

interface LightboxModule {
  Lightbox: typeof Lightbox;
}

/** The lightbox's code, fetched once, at the first tap on a picture (null again after a failure). */
let lightboxCode: Promise<LightboxModule> | null = null;

/**
 * Pictures in questions open larger on a tap (issue 26): one click listener for the whole
 * document finds the picture's `[data-picture-zoom]` button (a button, so the keyboard reaches
 * it too), and only then fetches the lightbox: a page with no picture never loads its code.
 * Mounted once, in the root layout, so every screen that shows questions has it.
 */
export function PictureZoom() {
  const [open, setOpen] = useState<{
    Lightbox: typeof Lightbox;
    picture: ZoomedPicture;
  } | null>(null);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const trigger = target?.closest<HTMLElement>("[data-picture-zoom]");
      const picture = trigger ? zoomedPicture(trigger) : null;
      if (!picture) return;
      event.preventDefault();
      lightboxCode ??= import("./lightbox.tsx");
      lightboxCode.then(
        ({ Lightbox }) => setOpen({ Lightbox, picture }),
        () => {
          // Offline with a build the device never cached, or a network hiccup: the next tap tries again.
          lightboxCode = null;
        },
      );
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);

  if (!open) return null;
  const close: LightboxProps["onClose"] = () => {
    setOpen(null);
    // Back where the student was: the picture (or the answer's zoom button) they opened.
    if (open.picture.trigger.isConnected) open.picture.trigger.focus();
  };
  return <open.Lightbox picture={open.picture} onClose={close} />;
}

/**
 * The picture a zoom button opens: the one inside it, or for an answer's zoom button (whose
 * picture sits in the answer's own button, app/features/room/answer-options.tsx) the answer's
 * picture at its `data-picture-index`.
 */
function zoomedPicture(trigger: HTMLElement): ZoomedPicture | null {
  const image =
    trigger.querySelector("img") ??
    trigger.closest("[data-zoom]")?.querySelectorAll("img")[
      Number(trigger.dataset.pictureIndex ?? 0)
    ];
  // The full picture: `src`, never the phone's variant the srcset may have picked.
  const src = image?.getAttribute("src");
  if (!image || !src) return null;
  // The size the renderer wrote (the picture's own), not the size it is drawn at here.
  const size = (name: string) => Number(image.getAttribute(name)) || 0;
  return { src, alt: image.alt, width: size("width"), height: size("height"), trigger };
}
