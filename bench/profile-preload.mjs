// Loaded into the server by bench/profile.mjs (NODE_OPTIONS=--import, as --cpu-prof may not be
// passed there): the first SIGUSR2 starts V8's CPU profiler, the second writes the profile to
// PROFILE_FILE.cpuprofile. The warm-up before the first signal is not in the profile. With
// PROFILE_ALLOCATIONS=1 it samples allocations instead (PROFILE_FILE.heapprofile): every object
// allocated meanwhile, those already collected included, which is what a request costs the
// garbage collector (and what sets a worker's heap, hence its RSS, under load).
import { renameSync, writeFileSync } from "node:fs";
import inspector from "node:inspector";

const allocations = process.env.PROFILE_ALLOCATIONS === "1";
/** Bytes between two samples on average: fine enough for a few KB per request. */
const ALLOCATION_SAMPLE_BYTES = 8192;

const session = new inspector.Session();
session.connect();
if (allocations) session.post("HeapProfiler.enable");
else {
  session.post("Profiler.enable");
  session.post("Profiler.setSamplingInterval", { interval: 200 });
}
let running = false;
process.on("SIGUSR2", () => {
  running = !running;
  if (running) {
    if (allocations) {
      session.post("HeapProfiler.startSampling", {
        samplingInterval: ALLOCATION_SAMPLE_BYTES,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
    } else session.post("Profiler.start");
    return;
  }
  const [method, extension] = allocations
    ? ["HeapProfiler.stopSampling", "heapprofile"]
    : ["Profiler.stop", "cpuprofile"];
  session.post(method, (error, result) => {
    if (error) return;
    // Written whole under another name first: the bench reads the file as soon as it exists.
    const file = `${process.env.PROFILE_FILE}.${extension}`;
    // An allocation profile's tree is what is read; its list of samples is large and unused.
    const { samples: _unused, ...tree } = allocations ? result.profile : {};
    writeFileSync(`${file}.part`, JSON.stringify(allocations ? tree : result.profile));
    renameSync(`${file}.part`, file);
  });
});
