// What the last action on the draft page did, said once the page reloads (the action redirects
// with it in the address: "?incluida=min_age", "?valores=2"…), each as a status message.
import { useSearchParams } from "@remix-run/react";
import { isListName, type ListName } from "~/domain/rule-packs/list-editors";
import { LIST_COPY } from "./draft-list-copy";

/** "N regras mudaram" / "1 regra mudou". */
const changed = (n: string, one: string, many: string) => (n === "1" ? `1 ${one}` : `${n} ${many}`);

function Notice({ children }: { children: React.ReactNode }) {
  return (
    <div className="aviso sucesso" role="status">
      {children}
    </div>
  );
}

/** What "Incluir todas" did, after the page reloads. */
function IncludedAll({ included, left }: { included: string | null; left: string | null }) {
  const n = Number(included ?? 0);
  const out = Number(left ?? 0);
  return (
    <Notice>
      {n === 0
        ? "Nenhuma proposta nova entrou no rascunho."
        : `${n} ${n === 1 ? "regra incluída" : "regras incluídas"} no rascunho, com a citação e o trecho da lei. Confira no texto abaixo.`}
      {out > 0
        ? ` ${out} ${out === 1 ? "ficou" : "ficaram"} de fora: o rascunho já tem regra do mesmo tipo, ou falta uma escolha que a lei não faz — veja “Incluir” ou “Escreva no texto” em cada linha.`
        : null}
    </Notice>
  );
}

export function DraftNotices() {
  const [params] = useSearchParams();
  const at = (name: string) => params.get(name);
  const check = " Confira os problemas abaixo, se houver.";
  return (
    <>
      {at("incluida") ? (
        <Notice>
          Regra {at("incluida")} incluída no rascunho, com a citação e o trecho da lei. Confira no texto abaixo.
        </Notice>
      ) : null}
      {at("incluidas") ? <IncludedAll included={at("incluidas")} left={at("deFora")} /> : null}
      {at("retirada") ? (
        <Notice>
          Regra {at("retirada")} retirada do rascunho.{check}
        </Notice>
      ) : null}
      {at("valores") ? (
        <Notice>
          {at("valores") === "0"
            ? "Nenhum valor mudou."
            : `Valores salvos no rascunho (${changed(at("valores")!, "regra mudou", "regras mudaram")}).${check}`}
        </Notice>
      ) : null}
      {isListName(at("lista")) ? (
        <Notice>
          {at("mudaram") === "0"
            ? LIST_COPY[at("lista") as ListName].none
            : `${LIST_COPY[at("lista") as ListName].saved} (${changed(at("mudaram") ?? "0", "mudou", "mudaram")}).${check}`}
        </Notice>
      ) : null}
      {at("resumo") ? <Notice>Resumo salvo no rascunho.{check}</Notice> : null}
      {at("exemploRetirado") ? <Notice>Exemplo “{at("exemploRetirado")}” retirado do rascunho.</Notice> : null}
      {at("exemploSalvo") ? (
        <Notice>Exemplo salvo no rascunho e julgado pelas regras dele: confira o resultado abaixo.</Notice>
      ) : null}
      {at("categorias") ? <Notice>Quem a lei credencia foi salvo no rascunho.{check}</Notice> : null}
      {at("enviado") ? (
        <Notice>Rascunho enviado. Outra pessoa com permissão para gerir as regras precisa conferir e publicar.</Notice>
      ) : null}
    </>
  );
}
