import type { ToastType } from "#app/lib/toast-url.ts";

/** Options a toast can carry; `id` makes a toast replace the one shown under the same id. */
export interface ToastOptions {
  id?: string;
}

/**
 * Shows a toast (bottom right, full width at the bottom of a phone, 5 s, drag to close at 80%).
 * The toast library and its stylesheet load on the first call, so pages that never toast never
 * download them.
 */
export async function showToast(
  type: ToastType | "success",
  message: string,
  options: ToastOptions = {},
): Promise<void> {
  const { notify } = await import("./toaster.tsx");
  notify(type, message, options);
}
