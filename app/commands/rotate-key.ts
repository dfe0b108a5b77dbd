// `npm run keys:rotate -- <municipality slug> [revoke <kid> "<reason>"]`: rotates the
// municipality's signing key (the old one stays published until its credentials expire), or
// revokes a compromised key at once. The gestor can do the same in the portal.
import { revokeKey, rotateKey } from "../models/signing-key.server";
import { systemActor } from "../utils/audit.server";
import { db } from "../utils/db.server";
import { publish, stopInvalidation } from "../utils/invalidation.server";
import { closeRedis } from "../utils/redis.server";

const [slug, command, kid, ...reason] = process.argv.slice(2);
const municipality = slug ? await db.municipality.findUnique({ where: { slug } }) : null;
if (!municipality) {
  console.error('Uso: npm run keys:rotate -- <municipio> | <municipio> revoke <kid> "motivo"');
  process.exit(2);
}
const actor = { ...systemActor("cli"), role: "OPERADOR_DE_SISTEMA", municipalityId: municipality.id };
if (command === "revoke") {
  if (!kid || reason.length === 0) {
    console.error("Informe o kid e o motivo da revogação.");
    process.exit(2);
  }
  await revokeKey(municipality.id, kid, reason.join(" "), actor);
  console.log(`Chave ${kid} de ${municipality.name} revogada: o que ela assinou agora verifica NÃO RECONHECIDO.`);
} else {
  const key = await rotateKey(municipality.id, actor);
  console.log(
    `Nova chave de ${municipality.name}: ${key.kid}. A anterior continua publicada até vencer a última credencial que assinou.`,
  );
}
// Sent again and awaited (forgetResolvedKeys did not wait), so the message leaves before exit.
await publish("signing-keys");
await stopInvalidation();
await closeRedis();
await db.$disconnect();
