process.env.DATABASE_URL = "file:/work/main/tmp/bench-verify.db";
process.env.DATA_DIR = "/work/main/tmp/bench-verify-data";
const { db } = await import("~/utils/db.server");
const { recordVerification } = await import("~/models/verification-log.server");
const c = await db.credential.findFirstOrThrow();
const N = 2000;
async function run(label: string, one: () => Promise<unknown>) {
  const cpu0 = process.cpuUsage(); const t0 = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: 50 }, async () => { while (next++ < N) await one(); }));
  const cpu = process.cpuUsage(cpu0);
  console.log(label, ((performance.now() - t0) / N).toFixed(3), "ms wall/row", ((cpu.user + cpu.system) / 1000 / N).toFixed(3), "ms cpu/row");
}
const row = { credentialId: c.id, channel: "QR" as const, verdict: "VALID", client: null };
await run("create      ", () => db.verificationLog.create({ data: row }));
await run("group commit", () => recordVerification(row));
await run("findUnique  ", () => db.credential.findUnique({ where: { serial: c.serial } }));
await run("create      ", () => db.verificationLog.create({ data: row }));
await run("group commit", () => recordVerification(row));
await db.$disconnect();
