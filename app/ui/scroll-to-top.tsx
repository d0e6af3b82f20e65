import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** Every path change scrolls to the top: smoothly, or at once for reduced motion. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, left: 0, behavior: reduced ? "instant" : "smooth" });
  }, [pathname]);
  return null;
}
