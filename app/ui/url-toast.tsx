import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { readUrlToast, withoutUrlToast } from "#app/lib/toast-url.ts";
import { showToast } from "./toast.ts";

/** `?type=…&message=…` shows one toast, then the two parameters leave the URL. */
export function UrlToast() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const toast = readUrlToast(location.search);
    if (!toast) return;
    void showToast(toast.type, toast.message);
    void navigate(
      {
        pathname: location.pathname,
        search: withoutUrlToast(location.search),
        hash: location.hash,
      },
      { replace: true, preventScrollReset: true, state: location.state },
    );
  }, [location, navigate]);
  return null;
}
