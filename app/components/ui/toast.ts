import type { ToastType } from "#app/utils/toast-url.ts";

/**
 * Shows a toast (top-right, 5 s, drag to close at 80%). The toast library and its stylesheet
 * load on the first call, so pages that never toast never download them.
 */
export async function showToast(type: ToastType | "success", message: string): Promise<void> {
  const { notify } = await import("./toaster.tsx");
  notify(type, message);
}
