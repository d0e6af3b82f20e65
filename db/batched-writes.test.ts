import { expect, it } from "vitest";
import { describeEachDatabase } from "#tests/support/databases.ts";
import { writeInBatch } from "./batched-writes.ts";

describeEachDatabase("writes in a batch", (database) => {
  const addSubject = (code: string) =>
    writeInBatch(database().db, async (trx) => {
      await trx
        .insertInto("subject")
        .values({ code, name: code, description: "", keywords: "", sort_order: 0 })
        .execute();
      if (code.endsWith("-fails")) throw new Error(`${code} failed after writing`);
      return code;
    });

  const storedCodes = async (prefix: string) =>
    (
      await database()
        .db.selectFrom("subject")
        .select("code")
        .where("code", "like", `${prefix}%`)
        .orderBy("code")
        .execute()
    ).map((row) => row.code);

  it("writes sent together each settle by their own outcome: one that fails leaves nothing, the others are kept", async () => {
    const codes = ["a-1", "a-2", "a-3-fails", "a-4", "a-5-fails", "a-6"];
    const outcomes = await Promise.allSettled(codes.map(addSubject));
    expect(outcomes.map((o) => o.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
      "rejected",
      "fulfilled",
    ]);
    expect(outcomes[0]).toEqual({ status: "fulfilled", value: "a-1" });
    expect(await storedCodes("a-")).toEqual(["a-1", "a-2", "a-4", "a-6"]);
  });

  it("a write that breaks a constraint fails alone, and a later write sees the earlier ones", async () => {
    const outcomes = await Promise.allSettled(["b-1", "b-1", "b-2"].map(addSubject));
    // On PostgreSQL each write has a transaction of its own and the two of "b-1" run side by
    // side: either may commit first (the race failed one run in a clean-clone `npm test`).
    // Exactly one of them is kept.
    const [first, second, third] = outcomes.map((o) => o.status);
    expect([first, second].sort()).toEqual(["fulfilled", "rejected"]);
    expect(third).toBe("fulfilled");
    expect(await storedCodes("b-")).toEqual(["b-1", "b-2"]);
  });

  it("more writes at once than one transaction carries are all written", async () => {
    const codes = Array.from({ length: 100 }, (_, i) => `c-${String(i).padStart(3, "0")}`);
    await Promise.all(codes.map(addSubject));
    expect(await storedCodes("c-")).toEqual(codes);
  });
});
