import { createRoot } from "react-dom/client";
import { ToastContainer, toast } from "react-toastify/unstyled";
import "react-toastify/ReactToastify.css";
import type { ToastType } from "#app/utils/toast-url.ts";
import { vi } from "#app/i18n/vi.ts";

// The "unstyled" build: the default one injects a <style> element, which our CSP forbids.
let mounted = false;

function mountOnce() {
  if (mounted) return;
  mounted = true;
  const host = document.createElement("div");
  host.className = "toast-host";
  document.body.append(host);
  createRoot(host).render(
    <ToastContainer
      position="top-right"
      autoClose={5000}
      draggablePercent={80}
      closeOnClick={false}
      newestOnTop
      aria-label={vi.toast.region}
      closeButton={({ closeToast }) => (
        <button
          type="button"
          className="toast-close"
          aria-label={vi.toast.close}
          onClick={closeToast}
        >
          ×
        </button>
      )}
    />,
  );
}

export function notify(type: ToastType | "success", message: string): void {
  mountOnce();
  // The container mounts asynchronously; a toast sent before it is ready is queued by the library.
  if (type === "error") toast.error(message, { role: "alert" });
  else if (type === "success") toast.success(message, { role: "status" });
  else toast.info(message, { role: "status" });
}
