import { inSelection } from "#engine/selection.ts";
import { selectionLabel } from "#base/selection-label.ts";
import { parseRoomUrl } from "#app/lib/room-url.ts";
import { readBundle } from "#app/lib/device-store.ts";
import { paths } from "#base/paths.ts";

/**
 * The room's loader data built on the device from a downloaded practice (ADR 0013), for a room
 * address opened with no network: the same questions the server would send for the address's
 * selection (the live questions of the practice as downloaded, in position order), so the room,
 * its storage and its save work as online. Loaded only when the network fails.
 */
export async function offlineRoomData(url: URL) {
  const room = parseRoomUrl(url.searchParams);
  if (!room) return { kind: "invalid" as const };
  const bundle = await readBundle(room.practiceCode).catch(() => undefined);
  if (!bundle) return { kind: "notDownloaded" as const };
  const setupHref = paths.practiceSetup(bundle.code);
  const questions = bundle.questions.filter((question) => inSelection(question, room.selection));
  if (questions.length === 0) return { kind: "empty" as const, setupHref, title: bundle.title };
  return {
    kind: "room" as const,
    room,
    title: bundle.title,
    label: selectionLabel(room.selection, bundle),
    contentVersion: bundle.contentVersion,
    setupHref,
    questions,
    /** Built here: its attempt is saved as "làm offline". */
    onDevice: true,
    subjectCode: bundle.subject.code,
  };
}
