import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { showToast } from "#app/ui/toast.ts";
import { vi } from "#app/i18n/vi.ts";
import { installRequestTimeout } from "#app/lib/request-timeout.ts";

installRequestTimeout(window, () => void showToast("error", vi.network.timeout));

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
