import { sql, type Kysely } from "kysely";

/** True when the database answers a trivial query within `timeoutMs`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function checkDatabase(db: Kysely<any>, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    const ping = sql<{ ok: number }>`select 1 as ok`.execute(db).then((r) => r.rows[0]?.ok === 1);
    return await Promise.race([ping, timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
