import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { readPictureBytes } from "#db/pictures.ts";
import { describeEachDatabase } from "#tests/support/databases.ts";
import { listQuestionsByCode } from "#tests/support/catalogue.ts";
import { formatJsonBank, readPracticeAsBank } from "../export-bank.ts";
import type { Bank } from "../formats/types.ts";
import { importBanks } from "../import-bank.ts";
import { readBankFile } from "../read-bank-file.ts";
import { writeMoodleXml } from "../formats/moodle-xml-writer.ts";

const FIXTURE = new URL("../../tests/fixtures/pictures/de-moodle-co-hinh.xml", import.meta.url);
const CODE = "de-moodle-co-hinh";

async function readBank(bytes: Uint8Array, file: string): Promise<Bank> {
  const { content, problems } = await readBankFile(bytes, file);
  expect(problems).toEqual([]);
  if (content?.kind === "bank") return content.bank;
  if (content?.kind !== "questions") throw new Error(`${file} was not read`);
  return {
    subject: { code: "hinh-hoc", name: "Hình học", description: "", keywords: [] },
    pictures: content.pictures,
    practices: [
      {
        code: CODE,
        title: "Đề Moodle có hình",
        description: "",
        chapters: content.chapters,
        questions: content.questions,
      },
    ],
  };
}

async function exportJson(database: () => { db: Parameters<typeof readPracticeAsBank>[0] }) {
  const bank = await readPracticeAsBank(database().db, CODE, { withPictures: true });
  return formatJsonBank(bank!);
}

describeEachDatabase("pictures through an export and back", (database) => {
  it("a Moodle XML's pictures are stored, exported in our JSON, and that export re-imports to the same pictures and revisions", async () => {
    const { db } = database();
    const fromXml = await readBank(readFileSync(FIXTURE), "de-moodle-co-hinh.xml");
    expect(fromXml.pictures).toHaveLength(6);
    await importBanks(db, [fromXml]);
    const [first] = await listQuestionsByCode(db, CODE, { type: "PRACTICE_TIME_ALL" });
    expect(first!.textHtml).toContain('class="q-picture"');

    const exported = await exportJson(database);
    const written = JSON.parse(exported) as { pictures: Record<string, { base64: string }> };
    const hashes = fromXml.pictures!.map((picture) => picture.hash).sort();
    expect(Object.keys(written.pictures)).toEqual(hashes);
    for (const [hash, { base64 }] of Object.entries(written.pictures)) {
      const stored = await readPictureBytes(db, hash, false);
      expect(Buffer.from(base64, "base64").equals(stored!.bytes)).toBe(true);
    }

    const revisions = await db.selectFrom("question").select("id").execute();
    const again = await readBank(new TextEncoder().encode(exported), `${CODE}.json`);
    expect(again.pictures!.map((picture) => picture.hash).sort()).toEqual(hashes);
    const summary = await importBanks(db, [again]);
    expect(summary).toMatchObject({ added: 0, revised: 0, retired: 0, unchanged: 3 });
    expect(await db.selectFrom("question").select("id").execute()).toEqual(revisions);
    expect(await db.selectFrom("picture").select("hash").execute()).toHaveLength(6);
    expect(await exportJson(database)).toBe(exported);
  });

  it("a Moodle XML export carries the pictures as Moodle does and re-imports to the same pictures and revisions", async () => {
    const { db } = database();
    await importBanks(db, [await readBank(readFileSync(FIXTURE), "de-moodle-co-hinh.xml")]);
    const exportXml = async () => {
      const bank = await readPracticeAsBank(db, CODE, { withPictures: true });
      const practice = bank!.practices[0]!;
      return writeMoodleXml(practice.questions, practice.chapters ?? [], bank!.pictures);
    };
    const written = await exportXml();
    expect(written).toMatchObject({ skipped: [], changed: [], withoutReference: [] });
    expect(written.text).toMatch(
      /&lt;img src=&quot;@@PLUGINFILE@@\/[0-9a-f]{32}\.(?:png|webp)&quot; alt=/u,
    );
    // A file belongs to the element that shows it: a picture in a question and its feedback is
    // attached twice, as Moodle exports it.
    const files = [
      ...written.text.matchAll(
        /<file name="([0-9a-f]{32})\.(?:png|webp)" path="\/" encoding="base64">/gu,
      ),
    ];
    expect(files).toHaveLength(7);
    expect(new Set(files.map((file) => file[1])).size).toBe(6);

    const revisions = await db.selectFrom("question").select("id").execute();
    const again = await readBank(new TextEncoder().encode(written.text), `${CODE}.xml`);
    expect(again.pictures).toHaveLength(6);
    const summary = await importBanks(db, [again]);
    expect(summary).toMatchObject({ added: 0, revised: 0, retired: 0, unchanged: 3 });
    expect(await db.selectFrom("question").select("id").execute()).toEqual(revisions);
    expect(await db.selectFrom("picture").select("hash").execute()).toHaveLength(6);
    expect((await exportXml()).text).toBe(written.text);
  });

  it("exports only the pictures the practice's live questions show", async () => {
    const { db } = database();
    const bank = await readBank(new TextEncoder().encode(await exportJson(database)), "de.json");
    const practice = bank.practices[0]!;
    // The graph question no longer shows its two parabolas: a new revision, the old one retired.
    const questions = practice.questions.map((question, index) =>
      index === 1
        ? {
            ...question,
            answers: [
              { text: "Parabol lõm lên", key: true },
              { text: "Parabol lõm xuống", key: false },
            ],
          }
        : question,
    );
    await importBanks(db, [{ ...bank, practices: [{ ...practice, questions }] }]);
    const written = JSON.parse(await exportJson(database)) as { pictures: object };
    expect(Object.keys(written.pictures)).toHaveLength(4);
    // The retired revision keeps its pictures (its replays show them).
    expect(await db.selectFrom("picture").select("hash").execute()).toHaveLength(6);
  });
});
