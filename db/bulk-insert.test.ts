import { expect, it } from "vitest";
import { describeEachDatabase } from "#tests/support/databases.ts";
import { insertRows } from "./bulk-insert.ts";

describeEachDatabase("rows inserted in one statement", (database) => {
  const subject = (code: string, name: string, sortOrder: number) => ({
    code,
    name,
    description: `Môn ${name}`,
    keywords: "",
    sort_order: sortOrder,
  });
  const columns = ["code", "name", "description", "keywords", "sort_order"] as const;
  const stored = async (prefix: string) =>
    database()
      .db.selectFrom("subject")
      .select(["code", "name", "description", "sort_order"])
      .where("code", "like", `${prefix}%`)
      .orderBy("code")
      .execute();

  it("writes every row with its own values, whatever the number of rows, the text kept per shape", async () => {
    const { db } = database();
    await insertRows(db, "subject", columns, [subject("r-1", "Một", 1)]);
    await insertRows(db, "subject", columns, [subject("r-2", "Hai", 2), subject("r-3", "Ba", 3)]);
    // The same shape again: the kept text, new values.
    await insertRows(db, "subject", columns, [subject("r-4", "Bốn", 4), subject("r-5", "Năm", 5)]);
    await insertRows(db, "subject", columns, []);
    expect(await stored("r-")).toEqual([
      { code: "r-1", name: "Một", description: "Môn Một", sort_order: 1 },
      { code: "r-2", name: "Hai", description: "Môn Hai", sort_order: 2 },
      { code: "r-3", name: "Ba", description: "Môn Ba", sort_order: 3 },
      { code: "r-4", name: "Bốn", description: "Môn Bốn", sort_order: 4 },
      { code: "r-5", name: "Năm", description: "Môn Năm", sort_order: 5 },
    ]);
  });

  it("keeps every value as given: quotes, backslashes, Vietnamese text, emoji and large numbers", async () => {
    const { db } = database();
    const odd = 'Câu "khó" \\ it\'s {a,b} (1, 2) $1 ? ∑ 😀 \u0001 end';
    await insertRows(db, "subject", columns, [
      subject("v-1", odd, 2_147_483_647),
      subject("v-2", "🧪", -1),
    ]);
    const rows = await database()
      .db.selectFrom("subject")
      .select(["code", "name", "sort_order"])
      .where("code", "like", "v-%")
      .orderBy("code")
      .execute();
    expect(rows).toEqual([
      { code: "v-1", name: odd, sort_order: 2_147_483_647 },
      { code: "v-2", name: "🧪", sort_order: -1 },
    ]);
  });

  it("with an upsert, replaces the named columns of a row whose key exists and adds the others", async () => {
    const { db } = database();
    await insertRows(db, "subject", columns, [subject("u-1", "Cũ", 1), subject("u-2", "Cũ", 2)]);
    await insertRows(
      db,
      "subject",
      columns,
      [subject("u-2", "Mới", 20), subject("u-3", "Mới", 30)],
      { keys: ["code"], update: ["name", "sort_order"] },
    );
    expect(await stored("u-")).toEqual([
      { code: "u-1", name: "Cũ", description: "Môn Cũ", sort_order: 1 },
      // The description is not among the columns to update: it stays as it was.
      { code: "u-2", name: "Mới", description: "Môn Cũ", sort_order: 20 },
      { code: "u-3", name: "Mới", description: "Môn Mới", sort_order: 30 },
    ]);
  });

  it("without an upsert, a row whose key exists fails the whole statement and writes nothing", async () => {
    const { db } = database();
    await insertRows(db, "subject", columns, [subject("d-1", "Một", 1)]);
    await expect(
      insertRows(db, "subject", columns, [subject("d-2", "Hai", 2), subject("d-1", "Lại", 3)]),
    ).rejects.toThrow();
    expect((await stored("d-")).map((row) => row.code)).toEqual(["d-1"]);
  });
});
