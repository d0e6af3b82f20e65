/**
 * Helpers shared by the engine's tests (not used by the app). Kept in one place so every test
 * builds banks and configs the same way and checks the no-mutation rule the same way.
 */
import { deepFreeze } from "#base/deep-freeze.ts";
import { reduceRoom } from "#engine/room.ts";
import type { EngineQuestion, RoomAction, RoomConfig, RoomState } from "#engine/types.ts";

/**
 * A question with `count` answers (idx 0..count-1) whose keys are `keys`: the smallest
 * description that still says which answers are right.
 */
export function question(id: number, keys: readonly number[], count = 4): EngineQuestion {
  return {
    id,
    answers: Array.from({ length: count }, (_, idx) => ({ idx, isKey: keys.includes(idx) })),
  };
}

/**
 * The set-up page's defaults (SEQUENCE, 30 s / 20 s, no shuffle) with overrides, so each test
 * states only what it is about.
 */
export function roomConfig(overrides: Partial<RoomConfig> = {}): RoomConfig {
  return {
    practiceType: "SEQUENCE",
    maxQuestionTime: 30,
    maxResultTime: 20,
    showQuestionKeyAfterQuestionEnd: true,
    showNotification: true,
    shuffleQuestions: false,
    shuffleAnswers: false,
    seed: 1,
    ...overrides,
  };
}

/** Applies `actions` in order, freezing every intermediate state to prove nothing is mutated. */
export function run<Q extends EngineQuestion>(
  state: RoomState<Q>,
  ...actions: readonly RoomAction[]
): RoomState<Q> {
  let current = deepFreeze(state);
  for (const action of actions) current = deepFreeze(reduceRoom(current, action));
  return current;
}

/** `n` one-second ticks, for driving countdowns explicitly. */
export function ticks(n: number): RoomAction[] {
  return Array.from({ length: n }, (): RoomAction => ({ type: "tick" }));
}
