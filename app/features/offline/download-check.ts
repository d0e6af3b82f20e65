import type { DownloadedPractice } from "#app/lib/device-store.ts";
import { paths } from "#base/paths.ts";

/**
 * Asks the server whether a downloaded practice is still the student's to open, and whether
 * it changed: 304 unchanged (its content version is the ETag), 200 changed, 404 gone (deleted,
 * its link revoked, hidden); null when the network failed. Under the session of the device's
 * student only: the server answers for whoever is signed in.
 */
export async function checkDownload(practice: DownloadedPractice): Promise<number | null> {
  try {
    const response = await fetch(paths.practiceDownload(practice.code), {
      method: "GET",
      credentials: "same-origin",
      headers: { "If-None-Match": `"v${practice.contentVersion}"`, Accept: "application/json" },
      cache: "no-store",
    });
    // Only the status matters here: a changed practice is fetched whole by its own download.
    await response.body?.cancel().catch(() => undefined);
    return response.status;
  } catch {
    return null;
  }
}
