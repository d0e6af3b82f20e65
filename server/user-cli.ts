import { openDatabase } from "#db/kysely.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { setOperator } from "#db/practice-reports.ts";
import { loadEnv } from "./env.ts";

/**
 * npm run user -- grant-admin EMAIL | revoke-admin EMAIL
 * Makes an existing account an operator (who reads reports at /admin/reports and may hide a
 * shared practice), or takes that away.
 */
const USAGE = "Cách dùng: npm run user -- grant-admin EMAIL | revoke-admin EMAIL";

const [command, email, ...extra] = process.argv.slice(2);
if ((command !== "grant-admin" && command !== "revoke-admin") || !email || extra.length > 0) {
  console.error(USAGE);
  process.exitCode = 2;
} else {
  const env = loadEnv();
  const { db } = openDatabase(env.DATABASE_URL);
  try {
    await migrateToLatest(db);
    const grant = command === "grant-admin";
    if (await setOperator(db, email, grant)) {
      console.log(
        grant ? `Đã cấp quyền quản trị cho ${email}.` : `Đã bỏ quyền quản trị của ${email}.`,
      );
    } else {
      console.error(`Không có tài khoản nào dùng email ${email}.`);
      process.exitCode = 1;
    }
  } finally {
    await db.destroy();
  }
}
