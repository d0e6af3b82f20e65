"use strict";
// What each thread of the parse pool loads first (content/parse-pool.ts, ADR 0015). CommonJS on
// purpose: piscina loads a thread's script with require(), and require() of an ES module
// instantiates it synchronously; a thread ended during that step (its job's time ran out, the
// pool closed) ends the whole process (FATAL ERROR: v8::Module::IsGraphAsync). So the thread
// loads only this file synchronously and imports the jobs (an ES module: the built
// build/host/parse-worker.js, or content/parse-worker.ts under tsx) asynchronously, at once.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS on purpose (above)
const { workerData } = require("node:worker_threads");

/** The jobs module; from the TypeScript source (the CLI, `npm run dev`, tests) through tsx. */
async function importJobs(url) {
  if (!url.endsWith(".ts")) return import(url);
  const { tsImport } = await import("tsx/esm/api");
  return tsImport(url, __filename);
}

const jobs = importJobs(workerData.jobsModule);
// Keep a failed import from being an unhandled rejection before the first job asks for it.
jobs.catch(() => undefined);

module.exports = async function runParseJobInThread(job) {
  const { default: runParseJob } = await jobs;
  return runParseJob(job);
};
