// The titular a preposto names is told by e-mail (ADR 058): the application waits for their papers,
// and they have no other way to know. The preposto learns nothing of whether such an account exists.
import type { Tx } from "~/utils/db.server";
import { enqueueMail } from "~/utils/mail.server";
import { linkFor } from "./user.server";

export async function tellNamedTitular(
  tx: Tx,
  app: { number: string; category: string },
  titularCpf: string,
  preposto: { fullName: string },
  town: { name: string; uf: string },
) {
  const titular = await tx.user.findFirst({
    where: { disabledAt: null, person: { cpf: titularCpf } },
    select: { name: true, email: true },
  });
  if (!titular) return;
  await enqueueMail(tx, titular.email, {
    subject: `Você foi indicado como titular no requerimento ${app.number}`,
    text:
      `Olá, ${titular.name}.\n\n` +
      `${preposto.fullName} fez o requerimento ${app.number} em ${town.name}/${town.uf} como seu preposto e informou o seu CPF como o do titular que o indicou.\n\n` +
      `A lei do município pede que o titular entregue alguns documentos pelo preposto (por exemplo, a indicação por escrito e a escala de serviço). ` +
      `O requerimento só pode ser enviado depois disso.\n\n` +
      `Envie-os em: ${linkFor("/prepostos")}\n\n` +
      `Se você não indicou essa pessoa, não envie nada e avise a prefeitura.`,
  });
}
