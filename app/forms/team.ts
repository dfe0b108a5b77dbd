// The team forms of the staff and company team pages; who may be added or removed is each model's.
import { z } from "zod";
import { STAFF_ROLES } from "~/domain/auth/permissions";
import { zCpf } from "~/domain/br";
import { zEmail } from "./fields";

/** The person invited to a team: CPF, full name and the e-mail that receives the access link. */
export const zTeamPerson = z.object({
  cpf: zCpf,
  name: z.string({ error: "Informe o nome completo." }).trim().min(5, "Informe o nome completo.").max(120),
  email: zEmail("Informe o e-mail que recebe o link de acesso."),
});

/** A company's member (OPERADOR of that company). */
export const zMember = zTeamPerson;

/** A municipality's staff member, with the profile they get. */
export const zAddStaff = zTeamPerson.extend({
  intent: z.literal("add"),
  role: z.enum(STAFF_ROLES, { error: "Escolha o perfil." }),
});

/** The access (role assignment) to end; the page's intent names the button that asked. */
export const zTeamRole = z.object({ roleId: z.string().min(1).max(40) });
