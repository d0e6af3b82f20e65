import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * `npm run lint` runs knip after eslint (knip.jsonc): an export that nothing imports fails it.
 * tests/fixtures/lint/knip/ is a project of two files, one export used and one not.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
const knipBin = `${root}node_modules/knip/bin/knip.js`;

function knip(...args: string[]) {
  const run = spawnSync(process.execPath, [knipBin, "--no-progress", ...args], {
    cwd: root,
    encoding: "utf8",
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe("lint refuses unused exports", () => {
  it("fails on an export nothing imports", () => {
    const { status, output } = knip("--directory", "tests/fixtures/lint/knip");
    expect(status).not.toBe(0);
    expect(output).toContain("longLabel");
    expect(output).not.toContain("shortLabel");
  });

  it("passes on the tree", { timeout: 180_000 }, () => {
    const { status, output } = knip();
    expect(output).toBe("");
    expect(status).toBe(0);
  });
});
