import { PARSE_JOBS, type ParseJob } from "./parse-jobs.ts";

/**
 * The script each thread of the parse pool runs (content/parse-pool.ts): bundled on its own by
 * scripts/build-server.mjs to build/host/parse-worker.js; run from source under tsx (the CLI,
 * `npm run dev`, tests).
 */
export default function runParseJob(job: ParseJob): unknown {
  const run = PARSE_JOBS[job.name] as (input: unknown) => unknown;
  return run(job.input);
}
