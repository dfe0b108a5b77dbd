// What each service keeps besides its credentials, in forms (issue #30's editor, ADR 075): how many
// permissions or vehicles the town's population allows (the vagas), and what the driver must wear,
// carry or do in service. Pure.
import { MODE_LABELS } from "~/domain/applications/labels";
import { codeOf, errorsOrEntry, str, withCitedCreate, withModes } from "./editor-parts";
import type { FieldValues, ListEditor } from "./list-fields";
import { objectsIn } from "./proposal-places";

const UNITS: Record<string, string> = { PERMISSAO: "permissões", VEICULO: "veículos", CONCESSAO: "concessões" };

const quotas: ListEditor = {
  path: ["quotas"],
  key: "id",
  title: (q, doc) => {
    const labels = new Map(objectsIn(doc.categories).map((c) => [c.code, str(c.label)]));
    const categories = (Array.isArray(q.categories) ? q.categories : []).map((c) => labels.get(c) || String(c));
    const modes = (Array.isArray(q.modes) ? q.modes : []).map((m) => MODE_LABELS[String(m)]?.label ?? String(m));
    return `Vagas de ${UNITS[str(q.unit)] ?? str(q.unit).toLowerCase()}: ${[categories.join(", "), modes.join(", ")].filter(Boolean).join(" — ")}`;
  },
  fields: () => [
    {
      name: "habitantes",
      label: "Uma vaga para cada",
      numeric: true,
      hint: "Habitantes por vaga, como a lei diz (“uma permissão para cada 2.000 habitantes”); em branco quando a lei não limita.",
    },
  ],
  read: (q) => ({ habitantes: typeof q.inhabitantsPerUnit === "number" ? String(q.inhabitantsPerUnit) : "" }),
  write: (q, typed) => {
    const plain = (typed.habitantes ?? "").replace(/\./g, "");
    const n = Number(plain);
    if (plain && (!Number.isInteger(n) || n <= 0))
      return {
        errors: { habitantes: "informe os habitantes por vaga, um número inteiro maior que zero, ou deixe em branco." },
      };
    return { entry: { ...q, inhabitantsPerUnit: plain ? n : null } };
  },
};

const conduct: ListEditor = {
  path: ["serviceRequirements"],
  key: "code",
  fields: () => [
    {
      name: "nome",
      label: "O que a lei exige em serviço",
      rows: 2,
      hint: "Como o condutor o lê: “Usar colete com faixas refletivas”.",
    },
  ],
  read: (r) => ({ nome: str(r.label) }),
  write: (r, typed) => {
    const errors: FieldValues = {};
    if (!typed.nome) errors.nome = "escreva o que a lei exige em serviço.";
    return errorsOrEntry(errors, () => ({ ...r, label: typed.nome }));
  },
};

export const QUOTAS_EDITOR = quotas;
export const SERVICE_REQUIREMENTS_EDITOR = withCitedCreate(withModes(conduct, { optional: true }), (typed) => ({
  code: codeOf(typed.nome ?? "").toUpperCase(),
}));
