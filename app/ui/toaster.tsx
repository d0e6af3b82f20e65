import { createRoot } from "react-dom/client";
import { ToastContainer, toast } from "react-toastify/unstyled";
import "react-toastify/ReactToastify.css";
import type { ToastType } from "#app/lib/toast-url.ts";
import type { ToastOptions } from "./toast.ts";
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
      // At the bottom, away from the header and the room's bar; a phone gets the full width.
      position="bottom-right"
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

export function notify(type: ToastType | "success", message: string, options: ToastOptions): void {
  mountOnce();
  const kind = type === "error" ? "error" : type === "success" ? "success" : "info";
  const role = type === "error" ? "alert" : "status";
  // One toast per id: a new message replaces the one still showing instead of piling up.
  if (options.id !== undefined && toast.isActive(options.id)) {
    toast.update(options.id, { render: message, type: kind, role, autoClose: 5000 });
    return;
  }
  // The container mounts asynchronously; a toast sent before it is ready is queued by the library.
  toast(message, { type: kind, role, toastId: options.id });
}
