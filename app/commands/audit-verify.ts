// `npm run audit:verify`: recomputes the audit chain and exits non-zero if any event was
// edited, deleted or inserted out of order.
import { formatCount } from "../domain/format";
import { verifyAuditChain } from "../utils/audit.server";
import { db } from "../utils/db.server";

const { events, problems } = await verifyAuditChain();
if (problems.length === 0) {
  console.log(`Cadeia de auditoria íntegra: ${events} eventos verificados.`);
} else {
  console.error(
    `Cadeia de auditoria ADULTERADA: ${formatCount(problems.length, "problema", "problemas")} em ${events} eventos.`,
  );
  for (const p of problems.slice(0, 20)) console.error(`  evento #${p.seq}: ${p.problem}`);
}
await db.$disconnect();
process.exit(problems.length === 0 ? 0 : 1);
