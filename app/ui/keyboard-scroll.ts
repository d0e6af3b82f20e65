import { useEffect, type RefObject } from "react";

/**
 * The boxes of a question that scroll sideways when a formula or a code line is wider than a
 * phone (room.css): a keyboard reaches and scrolls such a box only when it can take focus
 * (axe's scrollable-region-focusable). Boxes inside a control (an answer's button) scroll with it.
 */
const SCROLL_BOXES = ".question-text, .explanation p, .statement-text .rich, .code-block";

/**
 * Makes each box under `root` that overflows focusable (tabindex 0), once its width is known and
 * again when the block is resized (a phone turned, the maths fonts loaded).
 */
export function useKeyboardScrollable(root: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = root.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const mark = () => {
      for (const box of element.querySelectorAll<HTMLElement>(SCROLL_BOXES)) {
        if (box.tabIndex >= 0 || box.closest("button, label, a")) continue;
        if (box.scrollWidth > box.clientWidth + 1) box.tabIndex = 0;
      }
    };
    const observer = new ResizeObserver(mark);
    observer.observe(element);
    return () => observer.disconnect();
  }, [root]);
}
