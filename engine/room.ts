/**
 * The practice room as a pure reducer. Time arrives as `tick` actions
 * (one per second, sent by the view's interval) and randomness as seeds, so every state is a
 * function of (questions, config, actions): it can be replayed after a refresh and tested
 * without fake timers.
 *
 * Invariants kept by every transition:
 * - the state is never mutated; an action that changes nothing returns the same object;
 * - picks of a question never exceed its number of keys;
 * - `finished` is set exactly once; after that every action except `restart` is a no-op, so a
 *   double "Kết thúc" or a late tick cannot finish (and save) twice;
 * - the room can always be left: a question with no key, or any question with timers OFF, is
 *   passed by `next`, and with timers on it advances by itself.
 */
import { deriveSeed, shuffled } from "./random.ts";
import { allMarked, isAnswered, kindOf, responseFits } from "./responses.ts";
import { keyCount, scoreAnswers, scoreQuestion } from "./scoring.ts";
import type {
  Confidence,
  EngineQuestion,
  ResultItem,
  RoomAction,
  RoomConfig,
  RoomState,
  Seconds,
} from "./types.ts";

// Salts for deriveSeed: the question order and each question's answers use separate streams.
const QUESTION_ORDER_STREAM = 1;
const ANSWER_ORDER_STREAM = 2;

/**
 * A new room at its first question (attempt 1): validates the questions and config, builds the
 * question order (natural, or shuffled from the seed), each question's answer display order
 * (source order, or shuffled from the seed and the question id) and seeds the countdowns.
 * Bad input throws here, at the boundary, so the reducer itself never has to.
 */
export function createRoom<Q extends EngineQuestion>(
  questions: readonly Q[],
  config: RoomConfig,
): RoomState<Q> {
  validateQuestions(questions);
  return startAttempt(questions, normaliseConfig(config), 1);
}

/**
 * The next state of the room after `action` (see the module comment for the invariants).
 * Actions that do not apply in the current state (toggling while the result shows, `next` in
 * FLAT, anything but `restart` after finishing, malformed payloads) return `state` itself:
 * the view can dispatch freely and the reducer never throws.
 */
export function reduceRoom<Q extends EngineQuestion>(
  state: RoomState<Q>,
  action: RoomAction,
): RoomState<Q> {
  if (action.type === "restart") return restart(state, action.seed);
  if (state.finished) return state;
  switch (action.type) {
    case "tick":
      return tick(state);
    case "toggle":
      return toggle(state, action.answerIdx, action.position);
    case "respond":
      return respond(state, action.response, action.position);
    case "confide":
      return confide(state, action.confidence, action.position);
    case "next":
      return next(state);
    case "finish":
      return finish(state);
    case "pause":
      return state.paused ? state : { ...state, paused: true };
    case "resume":
      return state.paused ? { ...state, paused: false } : state;
    case "reset":
      return resetProgress(state);
    case "openPreview":
      return state.preview.visible ? state : { ...state, preview: { visible: true } };
    case "closePreview":
      return state.preview.visible ? { ...state, preview: { visible: false } } : state;
    case "holdResult":
      return state.resultShown && state.resultCountdown !== null
        ? { ...state, resultCountdown: null }
        : state;
    default:
      return state;
  }
}

/**
 * The questions in the order they are shown (the preview's list and the sheet of FLAT mode).
 * Derived rather than stored so the state holds each question once.
 */
export function orderedQuestions<Q extends EngineQuestion>(state: RoomState<Q>): Q[] {
  return state.order.map((index) => questionAtIndex(state.questions, index));
}

/**
 * The question at display `position`, or null outside the room. Lets the view and the tests
 * read one question without building the whole ordered list.
 */
export function questionAt<Q extends EngineQuestion>(
  state: RoomState<Q>,
  position: number,
): Q | null {
  const index = state.order[position];
  return index === undefined ? null : questionAtIndex(state.questions, index);
}

/**
 * The answers of the question at display `position` in display order (shuffled or not), to be
 * labelled A, B, … by position with answerLabel; picks still use each answer's original idx.
 */
export function displayedAnswers<Q extends EngineQuestion>(
  state: RoomState<Q>,
  position: number,
): Q["answers"][number][] {
  const question = questionAt(state, position);
  const answerOrder = state.answerOrders[position];
  if (!question || !answerOrder) return [];
  return answerOrder.map((idx) => {
    const answer = question.answers.find((a) => a.idx === idx);
    if (!answer) throw new Error(`answer ${idx} missing from question ${question.id}`);
    return answer;
  });
}

/**
 * SEQUENCE: the outcome of the current question while its result is on screen (for the keys,
 * wrong picks and the "Câu trả lời chính xác" toast); null otherwise. Uses the same rule that
 * will record it, so what is shown is what is saved.
 */
export function currentResult<Q extends EngineQuestion>(state: RoomState<Q>): ResultItem | null {
  if (!state.resultShown || state.finished) return null;
  const question = questionAt(state, state.currentIndex);
  return question
    ? scoreQuestion(
        question,
        state.selections[state.currentIndex] ?? [],
        state.responses[state.currentIndex],
      )
    : null;
}

// ---------------------------------------------------------------------------------------------

function questionAtIndex<Q>(questions: readonly Q[], index: number): Q {
  const question = questions[index];
  if (question === undefined) throw new Error(`no question at index ${index}`);
  return question;
}

function validateQuestions(questions: readonly EngineQuestion[]): void {
  if (questions.length === 0)
    throw new RangeError("createRoom: a room needs at least one question");
  const ids = new Set<number>();
  for (const question of questions) {
    // Results and the server's recomputation are keyed by question id.
    if (ids.has(question.id))
      throw new RangeError(`createRoom: duplicate question id ${question.id}`);
    ids.add(question.id);
    const idxs = new Set(question.answers.map((answer) => answer.idx));
    if (idxs.size !== question.answers.length) {
      throw new RangeError(`createRoom: duplicate answer idx in question ${question.id}`);
    }
  }
}

function validSeconds(value: Seconds): boolean {
  return value === "OFF" || (Number.isInteger(value) && value > 0);
}

function validSeed(seed: number): boolean {
  return Number.isSafeInteger(seed);
}

/**
 * A clean copy holding only the config's fields: whatever else the object carries (a room
 * request's attempt id, a client's extra keys) is left out.
 */
export function configFields(config: RoomConfig): RoomConfig {
  return {
    practiceType: config.practiceType,
    maxQuestionTime: config.maxQuestionTime,
    maxResultTime: config.maxResultTime,
    showQuestionKeyAfterQuestionEnd: config.showQuestionKeyAfterQuestionEnd,
    showNotification: config.showNotification,
    shuffleQuestions: config.shuffleQuestions,
    shuffleAnswers: config.shuffleAnswers,
    seed: config.seed,
    ...(config.examMinutes === undefined ? {} : { examMinutes: config.examMinutes }),
    // Written only when on, so a room that does not ask keeps the config it always had.
    ...(config.askConfidence === true ? { askConfidence: true } : {}),
  };
}

/** A clean copy holding only the config fields, the seed as unsigned 32-bit. */
function normaliseConfig(config: RoomConfig): RoomConfig {
  if (config.practiceType !== "SEQUENCE" && config.practiceType !== "FLAT") {
    throw new RangeError(`createRoom: unknown practiceType ${String(config.practiceType)}`);
  }
  if (!validSeconds(config.maxQuestionTime) || !validSeconds(config.maxResultTime)) {
    throw new RangeError('createRoom: times must be positive whole seconds or "OFF"');
  }
  if (!validSeed(config.seed)) throw new RangeError(`createRoom: bad seed ${config.seed}`);
  if (config.examMinutes !== undefined && config.practiceType !== "FLAT") {
    throw new RangeError("createRoom: a mock exam is one sheet (FLAT)");
  }
  if (config.examMinutes !== undefined && config.askConfidence === true) {
    throw new RangeError("createRoom: a mock exam does not ask how sure");
  }
  return { ...configFields(config), seed: config.seed >>> 0 };
}

/** Countdowns only exist in SEQUENCE and only when not OFF. */
function questionSeconds(config: RoomConfig): number | null {
  return config.practiceType === "SEQUENCE" && config.maxQuestionTime !== "OFF"
    ? config.maxQuestionTime
    : null;
}

function resultSeconds(config: RoomConfig): number | null {
  return config.practiceType === "SEQUENCE" && config.maxResultTime !== "OFF"
    ? config.maxResultTime
    : null;
}

function startAttempt<Q extends EngineQuestion>(
  questions: readonly Q[],
  config: RoomConfig,
  attempt: number,
): RoomState<Q> {
  const natural = questions.map((_, index) => index);
  const order = config.shuffleQuestions
    ? shuffled(natural, deriveSeed(config.seed, QUESTION_ORDER_STREAM))
    : natural;
  const answerStream = deriveSeed(config.seed, ANSWER_ORDER_STREAM);
  const answerOrders = order.map((index) => {
    const question = questionAtIndex(questions, index);
    const idxs = question.answers.map((answer) => answer.idx);
    return config.shuffleAnswers ? shuffled(idxs, deriveSeed(answerStream, question.id)) : idxs;
  });
  return {
    questions,
    config,
    attempt,
    order,
    answerOrders,
    ...clearedProgress(config, order.length),
  };
}

/** Spec "Reset": index, selection, flags, results (one empty slot each), total time. */
function clearedProgress(config: RoomConfig, count: number) {
  return {
    currentIndex: 0,
    selections: Array.from({ length: count }, (): readonly number[] => []),
    responses: Array.from({ length: count }, (): string | null => null),
    confidences: Array.from({ length: count }, (): Confidence | null => null),
    resultShown: false,
    questionCountdown: questionSeconds(config),
    resultCountdown: resultSeconds(config),
    paused: false,
    totalTime: 0,
    answerSeconds: Array.from({ length: count }, () => 0),
    results: Array.from({ length: count }, (): ResultItem | null => null),
    preview: { visible: false },
    finished: null,
  };
}

/** Reset keeps this attempt's order: a new order is what `restart` with a new seed is for. */
function resetProgress<Q extends EngineQuestion>(state: RoomState<Q>): RoomState<Q> {
  return { ...state, ...clearedProgress(state.config, state.order.length) };
}

/**
 * "Làm lại": a new attempt with a new seed, so a shuffled room gets a new order (the original
 * reused the old one). Allowed after finishing, since that is where the button is.
 */
function restart<Q extends EngineQuestion>(state: RoomState<Q>, seed: number): RoomState<Q> {
  if (!validSeed(seed)) return state;
  return startAttempt(state.questions, { ...state.config, seed: seed >>> 0 }, state.attempt + 1);
}

function tick<Q extends EngineQuestion>(state: RoomState<Q>): RoomState<Q> {
  if (state.paused) return state;
  const counted = { ...state, totalTime: state.totalTime + 1 };
  if (state.config.practiceType !== "SEQUENCE") return counted;
  if (!state.resultShown) {
    // The current question's own time: what a review grades as slow (engine/review.ts).
    const answerSeconds = state.answerSeconds.slice();
    answerSeconds[state.currentIndex] = (answerSeconds[state.currentIndex] ?? 0) + 1;
    const answering = { ...counted, answerSeconds };
    if (state.questionCountdown === null) return answering;
    const left = state.questionCountdown - 1;
    return left <= 0
      ? showResult({ ...answering, questionCountdown: 0 })
      : { ...answering, questionCountdown: left };
  }
  if (state.resultCountdown === null) return counted;
  const left = state.resultCountdown - 1;
  return left <= 0
    ? advance({ ...counted, resultCountdown: 0 })
    : { ...counted, resultCountdown: left };
}

function showResult<Q extends EngineQuestion>(state: RoomState<Q>): RoomState<Q> {
  return { ...state, resultShown: true, resultCountdown: resultSeconds(state.config) };
}

/**
 * SEQUENCE "next question": record the current result, then move on, or finish on the last
 * question, whether it came from the button or the result countdown.
 */
function advance<Q extends EngineQuestion>(state: RoomState<Q>): RoomState<Q> {
  const position = state.currentIndex;
  const question = questionAtIndex(state.questions, state.order[position] ?? -1);
  const results = state.results.slice();
  results[position] = withConfidence(
    state,
    position,
    scoreQuestion(question, state.selections[position] ?? [], state.responses[position]),
  );
  const recorded = { ...state, results };
  if (position + 1 >= state.order.length) return finish(recorded);
  const selections = state.selections.slice();
  selections[position + 1] = [];
  const responses = state.responses.slice();
  responses[position + 1] = null;
  return {
    ...recorded,
    currentIndex: position + 1,
    selections,
    responses,
    resultShown: false,
    questionCountdown: questionSeconds(state.config),
    resultCountdown: resultSeconds(state.config),
  };
}

function next<Q extends EngineQuestion>(state: RoomState<Q>): RoomState<Q> {
  if (state.config.practiceType !== "SEQUENCE" || state.paused) return state;
  // First press shows the result; this is what makes a no-key question passable.
  return state.resultShown ? advance(state) : showResult(state);
}

/**
 * Grades every question from the current picks with the shared rule. In SEQUENCE the results
 * recorded so far were computed from the same (by then frozen) picks, so they are unchanged;
 * the current question is recorded as it stands and questions not reached count as unanswered.
 */
function finish<Q extends EngineQuestion>(state: RoomState<Q>): RoomState<Q> {
  const ordered = orderedQuestions(state);
  const picks = new Map(
    ordered.map((question, position) => [question.id, state.selections[position] ?? []]),
  );
  const responses = new Map(
    ordered.map((question, position) => [question.id, state.responses[position] ?? null]),
  );
  const scored = scoreAnswers(ordered, picks, responses);
  const { numberOfRight, numberOfWrong } = scored;
  const results = scored.results.map((result, position) => withConfidence(state, position, result));
  return {
    ...state,
    results,
    finished: {
      results,
      numberOfRight,
      numberOfWrong,
      totalTime: state.totalTime,
      questionOrder: ordered.map((question) => question.id),
      answerOrders: state.config.shuffleAnswers ? state.answerOrders : null,
      answerSeconds: state.config.practiceType === "SEQUENCE" ? state.answerSeconds : null,
    },
  };
}

/**
 * The display position an answering action is for: the current question in SEQUENCE while its
 * result is not shown (another requested position is ignored), the requested one in FLAT; null
 * when the action does not apply.
 */
function answeringPosition(state: RoomState, requested: number | undefined): number | null {
  if (state.paused) return null;
  if (state.config.practiceType === "SEQUENCE") {
    if (state.resultShown) return null;
    if (requested !== undefined && requested !== state.currentIndex) return null;
    return state.currentIndex;
  }
  return requested !== undefined && Number.isInteger(requested) ? requested : null;
}

/**
 * A `true_false` question's marks or a `short_answer` question's text, replaced whole. In
 * SEQUENCE the result shows once every statement is marked; a typed answer is checked by `next`
 * (the view's "Trả lời"), as a student may still be typing.
 */
function respond<Q extends EngineQuestion>(
  state: RoomState<Q>,
  response: string,
  requested: number | undefined,
): RoomState<Q> {
  const position = answeringPosition(state, requested);
  const question = position === null ? null : questionAt(state, position);
  if (position === null || !question || kindOf(question) === "choice") return state;
  if (!responseFits(question, response) || state.responses[position] === response) return state;
  const responses = state.responses.slice();
  responses[position] = response;
  const responded = { ...state, responses };
  return submitsByItself(state) && kindOf(question) === "true_false" && allMarked(response)
    ? showResult(responded)
    : responded;
}

function toggle<Q extends EngineQuestion>(
  state: RoomState<Q>,
  answerIdx: number,
  requested: number | undefined,
): RoomState<Q> {
  const position = answeringPosition(state, requested);
  if (position === null) return state;
  const question = questionAt(state, position);
  const current = state.selections[position];
  if (!question || !current || !question.answers.some((answer) => answer.idx === answerIdx)) {
    return state;
  }
  const keys = keyCount(question);
  let picked: readonly number[];
  if (current.includes(answerIdx)) picked = current.filter((idx) => idx !== answerIdx);
  else if (keys === 1) picked = [answerIdx];
  else if (current.length < keys) picked = [...current, answerIdx].sort((a, b) => a - b);
  else return state;
  const selections = state.selections.slice();
  selections[position] = picked;
  const toggled = { ...state, selections };
  return submitsByItself(state) && keys > 0 && picked.length === keys
    ? showResult(toggled)
    : toggled;
}

/**
 * SEQUENCE: whether a complete answer (every key picked, every statement marked) shows its result
 * at once. Not when the room asks how sure: the student's "Chắc chắn" or "Đoán" submits it.
 */
function submitsByItself(state: RoomState): boolean {
  return state.config.practiceType === "SEQUENCE" && state.config.askConfidence !== true;
}

/**
 * A result with the position's mark when the room asks for one; unchanged otherwise. A question
 * left unanswered keeps no mark (on the sheet, a pick taken back after marking it).
 */
function withConfidence(state: RoomState, position: number, result: ResultItem): ResultItem {
  if (state.config.askConfidence !== true) return result;
  const question = questionAt(state, position);
  const answered =
    question !== null &&
    isAnswered(question, state.selections[position], state.responses[position]);
  return { ...result, confidence: answered ? (state.confidences[position] ?? null) : null };
}

/**
 * "Chắc chắn" or "Đoán" on an answered question (an unanswered one has nothing to be sure of).
 * SEQUENCE: the mark is the submit, so the result shows. FLAT: the mark stays until "Kết thúc",
 * and the same mark again takes it back.
 */
function confide<Q extends EngineQuestion>(
  state: RoomState<Q>,
  confidence: Confidence,
  requested: number | undefined,
): RoomState<Q> {
  if (state.config.askConfidence !== true) return state;
  if (confidence !== "SURE" && confidence !== "GUESS") return state;
  const position = answeringPosition(state, requested);
  const question = position === null ? null : questionAt(state, position);
  if (position === null || !question) return state;
  if (!isAnswered(question, state.selections[position], state.responses[position])) return state;
  const confidences = state.confidences.slice();
  const sequence = state.config.practiceType === "SEQUENCE";
  confidences[position] = !sequence && confidences[position] === confidence ? null : confidence;
  const marked = { ...state, confidences };
  return sequence ? showResult(marked) : marked;
}
