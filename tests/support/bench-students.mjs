// N simulated students against one started app for a while: each, signed in, opens the home
// page, a subject, a set-up page, a room (the whole HTML, first question included) and saves the
// attempt, thinking 0.5–1.5 s between two steps (a student reading and tapping), over and over.
// Every request's latency counts (headers and body read); an error is a failed request or any
// answer but 2xx. The server's RSS is sampled every second, per process.
import { LONG_PRACTICE, stats } from "./bench-app-server.mjs";
import { signUp } from "./bench-app-server.mjs";

const ACCOUNTS = 20;

export async function runStudents(app, { students, seconds, roomPath, pages, submission }) {
  const cookies = [];
  for (let i = 0; i < ACCOUNTS; i += 1) cookies.push(await signUp(app.base, i));
  const questionIds = (
    await (
      await fetch(
        `${app.base}/practice-review/csdl-ly-thuyet/questions?type=PRACTICE_TIME_RANGE&start=1&end=50`,
      )
    ).json()
  ).questions.map((q) => q.id);

  const latencies = [];
  let errors = 0;
  const firstErrors = [];
  const rssMax = new Map();
  const sampler = setInterval(() => {
    app.rss().forEach(({ mb }, index) => rssMax.set(index, Math.max(rssMax.get(index) ?? 0, mb)));
  }, 1000);
  const deadline = Date.now() + seconds * 1000;
  const think = () => new Promise((resolve) => setTimeout(resolve, 500 + Math.random() * 1000));

  async function request(path, cookie, init = {}) {
    if (Date.now() >= deadline) return;
    const started = performance.now();
    try {
      const response = await fetch(app.base + path, {
        ...init,
        headers: { cookie, "accept-encoding": "gzip, br", ...init.headers },
        redirect: "manual",
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      if (response.status < 200 || response.status >= 300) {
        errors += 1;
        if (firstErrors.length < 5) firstErrors.push(`${response.status} ${path}`);
      }
    } catch (error) {
      errors += 1;
      if (firstErrors.length < 5) firstErrors.push(`${error.name} ${path}`);
    }
    latencies.push(performance.now() - started);
  }

  async function student(n) {
    const cookie = cookies[n % cookies.length];
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 1500));
    while (Date.now() < deadline) {
      await request(pages.home, cookie);
      await think();
      await request(pages.subject, cookie);
      await think();
      await request(pages.setup, cookie);
      await think();
      await request(roomPath({ seed: n }), cookie);
      await think();
      const attempt = submission(questionIds);
      attempt.practiceCode = "csdl-ly-thuyet";
      await request("/api/attempts", cookie, {
        method: "POST",
        headers: { "content-type": "application/json", origin: app.base },
        body: JSON.stringify(attempt),
      });
      await think();
    }
  }

  const started = performance.now();
  await Promise.all(Array.from({ length: students }, (_, n) => student(n)));
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const s = stats(latencies);
  return {
    requests: latencies.length,
    rps: Math.round(latencies.length / elapsed),
    p50: Math.round(s.p50),
    p99: Math.round(s.p99),
    max: Math.round(s.max),
    errors,
    firstErrors,
    rssMb: [...rssMax.values()],
  };
}

/** What the room sends for a SEQUENCE run of 50 questions (`practiceCode` is set by the caller). */
export function submission(questionIds) {
  const seed = Math.floor(Math.random() * 1e9);
  return {
    id: crypto.randomUUID(),
    practiceCode: LONG_PRACTICE,
    selection: { type: "PRACTICE_TIME_RANGE", start: 1, end: 50 },
    config: {
      practiceType: "SEQUENCE",
      maxQuestionTime: 30,
      maxResultTime: 20,
      showQuestionKeyAfterQuestionEnd: true,
      showNotification: true,
      shuffleQuestions: false,
      shuffleAnswers: false,
      seed,
    },
    answers: questionIds.map((questionId, k) => ({
      questionId,
      selectedAnswerIndexes: [(seed + k) % 4],
    })),
    answerOrders: null,
    totalTime: 300,
  };
}
