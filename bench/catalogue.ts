// npm run bench:catalogue — prints (1) how long importing a 5,000-question bank takes on SQLite
// and (2) the server-side time to load 100 questions of a range (the room's read), median and
// p99 over 500 reads, on SQLite and on PostgreSQL (TEST_DATABASE_URL when set, else PGlite).
import { performance } from "node:perf_hooks";
import { listQuestionsByCode } from "#tests/support/catalogue.ts";
import { importBanks } from "#content/import-bank.ts";
import type { Bank } from "#content/formats/types.ts";
import {
  createPostgresTestDatabase,
  createSqliteTestDatabase,
  type TestDatabase,
} from "#tests/support/databases.ts";

function bankOf(size: number): Bank {
  return {
    subject: { code: "bench", name: "Môn đo", description: "", keywords: [] },
    practices: [
      {
        code: "bench-5000",
        title: "Đề đo",
        description: "",
        questions: Array.from({ length: size }, (_, i) => ({
          text: `Câu ${i + 1}: truy vấn sau trả về gì?\n\`\`\`sql\nSELECT ${i} + $x$;\n\`\`\`\nvà $\\frac{${i}}{2}$ bằng bao nhiêu?`,
          answers: [
            { text: `Đáp án đúng ${i}`, key: true },
            { text: `Đáp án sai ${i}`, key: false },
            { text: `Phương án khác ${i}`, key: i % 7 === 0 },
            { text: `Phương án nữa ${i}`, key: false },
          ],
          explanation: i % 3 === 0 ? `Lời giải $x^${i % 10}$` : undefined,
        })),
      },
    ],
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(database: TestDatabase, label: string) {
  const started = performance.now();
  await importBanks(database.db, [bankOf(5000)]);
  const importSeconds = (performance.now() - started) / 1000;
  const times: number[] = [];
  for (let i = 0; i < 550; i += 1) {
    const start = 1 + ((i * 97) % 4900);
    const t0 = performance.now();
    const rows = await listQuestionsByCode(database.db, "bench-5000", {
      type: "PRACTICE_TIME_RANGE",
      start,
      end: start + 99,
    });
    const elapsed = performance.now() - t0;
    if (rows.length !== 100) throw new Error(`expected 100 rows, got ${rows.length}`);
    if (i >= 50) times.push(elapsed); // the first reads warm caches and prepared statements
  }
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(28)} import 5,000 questions: ${importSeconds.toFixed(2)} s   load 100 of a range: median ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms`,
  );
}

const sqlite = await createSqliteTestDatabase();
try {
  await measure(sqlite, "SQLite (file, WAL)");
} finally {
  await sqlite.destroy();
}
const postgres = await createPostgresTestDatabase();
try {
  await measure(
    postgres,
    postgres.engine === "pglite" ? "PostgreSQL (PGlite, in-process)" : "PostgreSQL (server)",
  );
} finally {
  await postgres.destroy();
}
