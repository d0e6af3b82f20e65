// Loaded into the server by bench/profile.mjs (NODE_OPTIONS=--import, as --cpu-prof may not be
// passed there): the first SIGUSR2 starts V8's CPU profiler, the second writes the profile to
// PROFILE_FILE.cpuprofile. The warm-up before the first signal is not in the profile.
import { writeFileSync } from "node:fs";
import inspector from "node:inspector";

const session = new inspector.Session();
session.connect();
session.post("Profiler.enable");
session.post("Profiler.setSamplingInterval", { interval: 200 });
let running = false;
process.on("SIGUSR2", () => {
  if (!running) {
    running = true;
    session.post("Profiler.start");
    return;
  }
  running = false;
  session.post("Profiler.stop", (error, result) => {
    if (!error)
      writeFileSync(`${process.env.PROFILE_FILE}.cpuprofile`, JSON.stringify(result.profile));
  });
});
