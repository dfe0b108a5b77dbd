// What the law asks before the wizard starts (issue #16), read from the layered rule pack.
import { ruleText } from "~/components/back-office/pack-text";
import { REGISTRATION_LABELS } from "~/domain/facts/catalogue";
import { type Category, layeredRules, type Mode, type RulePack } from "~/domain/rule-packs";

type Line = { text: string; citation: string };
type PreCheck = {
  person: Line[];
  vehicle: Line[];
  service: Line[];
  documents: Line[];
  /** Named by the law but not asked: no object today (the DPVAT). */
  notAsked: Line[];
};

const WHEN: Record<string, string> = {
  VEHICLE_OVER_MAX_AGE: " (se o veículo passar da idade máxima)",
  VEHICLE_LEASED: " (se o veículo for alugado)",
};

/** The pre-check of a category and mode: only the rule pack's own words and citations. */
export function preCheckOf(pack: RulePack, category: Category, mode: Mode): PreCheck {
  const layers = layeredRules(pack, category, mode);
  return {
    person: layers.personRules.map((r) => ({ text: ruleText(r), citation: r.citation })),
    // The registration category with its plain name: "aluguel (placa vermelha)".
    vehicle: layers.vehicleRules.map((r) => ({
      text:
        r.kind === "REGISTRATION_CATEGORY"
          ? `Registro na categoria ${REGISTRATION_LABELS[r.category].toLowerCase()}.`
          : ruleText(r),
      citation: r.citation,
    })),
    service: layers.serviceRequirements.map((s) => ({ text: s.label, citation: s.citation })),
    documents: layers.documents
      .filter((d) => d.submittedBy === "REQUERENTE")
      .map((d) => ({
        text: `${d.label}${d.condition ? WHEN[d.condition] : ""}`,
        citation: d.citation,
      })),
    notAsked: layers.withoutObject.map((w) => ({
      text: `${w.label} — não é pedido: ${w.reason}`,
      citation: w.citation,
    })),
  };
}

/** A heading and its lines; `folded` lists behind "Ver a lista" (a long list would push the page's button far down). */
function Lines({ title, lines, folded = false }: { title: string; lines: Line[]; folded?: boolean }) {
  if (!lines.length) return null;
  const list = (
    <ul className="pre-check">
      {lines.map((l) => (
        <li key={l.text + l.citation}>
          {l.text} <span className="citacao">{l.citation}</span>
        </li>
      ))}
    </ul>
  );
  return (
    <>
      <h3>{title}</h3>
      {folded ? (
        <details className="pre-check-lista">
          <summary>Ver a lista</summary>
          {list}
        </details>
      ) : (
        list
      )}
    </>
  );
}

export function PreCheckList({ check, law }: { check: PreCheck; law: string }) {
  return (
    <>
      <p>
        Antes de começar, confira se você atende ao que a {law} pede e separe os documentos. Você pode salvar e
        continuar depois.
      </p>
      <Lines title="Você precisa ter" lines={check.person} />
      <Lines title="O veículo precisa ter" lines={check.vehicle} />
      <Lines title="Para trabalhar" lines={check.service} />
      <Lines
        title={`Documentos para separar (${check.documents.length})`}
        lines={check.documents}
        folded={check.documents.length > 5}
      />
      <Lines title="Citados pela lei, mas não pedidos" lines={check.notAsked} folded />
    </>
  );
}
