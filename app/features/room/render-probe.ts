/**
 * Counts renders of the room's heavy parts (a question, the sheet) by name. It does nothing
 * unless a test or the tick benchmark put a Map on globalThis first; they use it to prove that a
 * countdown tick re-renders only the clock, never the question or the 200-question sheet.
 */
export function countRender(name: string): void {
  const counts = (globalThis as { __onTapRenderCounts?: Map<string, number> }).__onTapRenderCounts;
  if (counts) counts.set(name, (counts.get(name) ?? 0) + 1);
}
