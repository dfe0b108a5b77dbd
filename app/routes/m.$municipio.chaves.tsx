import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { readForm } from "~/http/csrf.server";
import { formValues, parseForm } from "~/utils/forms";
import { zRevokeKey, zRotateKey } from "~/forms/back-office";
import { requireStaff } from "~/http/staff-guard.server";
import { requireStaffTrustLevel } from "~/http/govbr.server";
import { listKeys, revokeKey, rotateKey } from "~/models/signing-key.server";
import { credentialsInForceByKid } from "~/models/reports.server";
import { listAuditEvents } from "~/models/audit-log.server";
import { CsrfInput } from "~/components/csrf-input";
import styles from "~/components/back-office/back-office.css";
import { formatDate, formatInstant } from "~/domain/format";
import { refusedForm, withFormRefusals, withRefusals } from "~/http/refusal.server";

const STATUS: Record<string, { label: string; tone: string }> = {
  ACTIVE: { label: "Ativa (assina)", tone: "ok" },
  RETIRED: { label: "Substituída (só verifica)", tone: "pendente" },
  REVOKED: { label: "Revogada", tone: "falha" },
};
const ACTION: Record<string, string> = {
  "signing_key.create": "Chave criada",
  "signing_key.rotate": "Chave trocada por uma nova",
  "signing_key.retire": "Chave aposentada",
  "signing_key.revoke": "Chave revogada",
};
/** A short name for a key in headings: the end of its kid. */
const shortKid = (kid: string) => kid.slice(-6);
/** What the gestor types to confirm a revocation (a word, not kid characters: O and 0 look alike). */
const CONFIRMATION = "REVOGAR";

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality } = await requireStaff(request, params.municipio, "manage:signing-key");
  const [keys, inForce, events] = await Promise.all([
    listKeys(municipality.id),
    credentialsInForceByKid(municipality.id),
    listAuditEvents({ municipalityId: municipality.id, subjectType: "SigningKey" }, 30),
  ]);
  const kidOf = new Map(keys.map((k) => [k.id, k.kid]));
  return {
    municipality: { name: municipality.name, slug: municipality.slug, timeZone: municipality.timeZone },
    keys: keys.map((k) => ({
      kid: k.kid,
      status: k.status,
      createdAt: k.createdAt.toISOString(),
      retiredAt: k.retiredAt?.toISOString() ?? null,
      revokedAt: k.revokedAt?.toISOString() ?? null,
      revokedReason: k.revokedReason,
      lastExpiry: k.lastExpiry,
      inForce: inForce[k.kid] ?? 0,
      short: shortKid(k.kid),
    })),
    events: events.map((e) => ({
      seq: e.seq,
      at: e.at.toISOString(),
      who: e.actorName,
      action: ACTION[e.action] ?? e.action,
      kid: kidOf.get(e.subjectId) ?? "—",
    })),
  };
});

export const action = /* @__PURE__ */ withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { municipality, user, actor } = await requireStaff(request, params.municipio, "manage:signing-key");
  const form = await readForm(request);
  // Rotating and revoking need the level the municipality sets for staff's sensitive acts (ADR 053).
  await requireStaffTrustLevel(request, user, municipality.id);
  const base = `/m/${municipality.slug}/chaves`;
  if (form.get("intent") === "rotate") {
    const parsed = parseForm(zRotateKey, form);
    if (!parsed.ok)
      return data(
        { intent: "rotate", kid: null as string | null, errors: parsed.errors, values: parsed.values },
        { status: 400 },
      );
    await rotateKey(municipality.id, actor);
    return redirect(`${base}?ok=rotacao`);
  }
  const parsed = parseForm(zRevokeKey, form);
  const kid = String(form.get("kid") ?? "");
  if (!parsed.ok) return data({ intent: "revoke", kid, errors: parsed.errors, values: parsed.values }, { status: 400 });
  if (parsed.data.typed.toUpperCase() !== CONFIRMATION) {
    return data(
      {
        intent: "revoke",
        kid,
        errors: { typed: `Digite ${CONFIRMATION} para confirmar.` } as Record<string, string | undefined>,
        values: formValues(form),
      },
      { status: 400 },
    );
  }
  try {
    await revokeKey(municipality.id, parsed.data.kid, parsed.data.reason, actor);
  } catch (e) {
    return refusedForm(e, {
      intent: "revoke",
      kid,
      errors: {} as Record<string, string | undefined>,
      values: formValues(form),
    });
  }
  return redirect(`${base}?ok=revogada`);
});

export default function Keys() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const ok = params.get("ok");
  const errFor = (intent: string, kid: string | null, name: string) =>
    result?.intent === intent && (kid === null || result.kid === kid) ? result.errors?.[name] : undefined;
  return (
    <>
      <h1>Chaves de assinatura — {d.municipality.name}</h1>
      <p className="bo-sub">
        A chave ativa assina as credenciais emitidas. Numa troca, a chave antiga deixa de assinar, mas continua
        publicada até vencer a última credencial que assinou. Revogar é para chave comprometida: tudo o que ela assinou
        passa a ser recusado na verificação, na hora.
      </p>
      {ok === "rotacao" ? (
        <div className="aviso sucesso" role="status">
          Chave nova gerada. As próximas credenciais serão assinadas por ela.
        </div>
      ) : null}
      {ok === "revogada" ? (
        <div className="aviso sucesso" role="status">
          Chave revogada. As credenciais que ela assinou já não são reconhecidas.
        </div>
      ) : null}

      <div className="tabela-rolagem">
        <table className="tabela-responsiva bo-tabela">
          <caption className="visualmente-oculto">
            Chaves de assinatura do município, da mais nova à mais antiga
          </caption>
          <thead>
            <tr>
              <th scope="col">Identificador</th>
              <th scope="col">Situação</th>
              <th scope="col">Criada</th>
              <th scope="col">Fora de uso desde</th>
              <th scope="col" className="num">
                Credenciais em vigor
              </th>
              <th scope="col">Publicada até</th>
            </tr>
          </thead>
          <tbody>
            {d.keys.map((k) => (
              <tr key={k.kid}>
                <td data-label="Identificador">
                  <code className="kid">{k.kid}</code>
                </td>
                <td data-label="Situação">
                  <span className={`selo ${STATUS[k.status]?.tone ?? "pendente"}`}>
                    {STATUS[k.status]?.label ?? k.status}
                  </span>
                </td>
                <td data-label="Criada">{formatInstant(k.createdAt, d.municipality.timeZone)}</td>
                <td data-label="Fora de uso desde">
                  {k.revokedAt ? (
                    <>
                      {formatInstant(k.revokedAt, d.municipality.timeZone)}
                      <p className="dica">{k.revokedReason}</p>
                    </>
                  ) : k.retiredAt ? (
                    formatInstant(k.retiredAt, d.municipality.timeZone)
                  ) : (
                    "—"
                  )}
                </td>
                <td data-label="Credenciais em vigor" className="num">
                  {k.inForce}
                </td>
                <td data-label="Publicada até">
                  {k.status === "REVOKED" ? "não publicada" : k.lastExpiry ? formatDate(k.lastExpiry) : "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {d.keys.length === 0 ? (
        <p className="bo-vazio">Nenhuma chave ainda: a primeira é criada na primeira emissão.</p>
      ) : null}

      <div className="bo-grade">
        <section className="cartao" aria-labelledby="rotacao-titulo">
          <h2 id="rotacao-titulo">Trocar a chave</h2>
          <Form method="post">
            <CsrfInput />
            <input type="hidden" name="intent" value="rotate" />
            <div className="campo bo-confirmacao">
              <label>
                <input type="checkbox" name="confirm" value="sim" required /> Gerar uma chave nova; a atual deixa de
                assinar.
              </label>
              {errFor("rotate", null, "confirm") ? (
                <p className="erro-campo">{errFor("rotate", null, "confirm")}</p>
              ) : null}
            </div>
            <button type="submit" className="botao secundario">
              Gerar chave nova
            </button>
          </Form>
        </section>

        {d.keys
          .filter((k) => k.status !== "REVOKED")
          .map((k) => (
            <section className="cartao bo-perigo" key={k.kid} aria-labelledby={`revogar-${k.short}`}>
              <h2 id={`revogar-${k.short}`}>Revogar …{k.short}</h2>
              <details open={result?.intent === "revoke" && result.kid === k.kid}>
                <summary>Esta chave foi comprometida</summary>
                {result?.intent === "revoke" &&
                result.kid === k.kid &&
                "error" in result &&
                typeof result.error === "string" ? (
                  <p className="aviso erro" role="alert">
                    {result.error}
                  </p>
                ) : null}
                <p>
                  <strong>{k.inForce}</strong>{" "}
                  {k.inForce === 1 ? "credencial em vigor deixará" : "credenciais em vigor deixarão"} de ser
                  reconhecidas e precisarão ser reemitidas.
                </p>
                <Form method="post">
                  <CsrfInput />
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="kid" value={k.kid} />
                  <div className="campo">
                    <label htmlFor={`motivo-${k.short}`}>Motivo</label>
                    <textarea
                      id={`motivo-${k.short}`}
                      name="reason"
                      required
                      minLength={10}
                      maxLength={500}
                      aria-invalid={errFor("revoke", k.kid, "reason") ? true : undefined}
                    />
                    {errFor("revoke", k.kid, "reason") ? (
                      <p className="erro-campo">{errFor("revoke", k.kid, "reason")}</p>
                    ) : null}
                  </div>
                  <div className="campo">
                    <label htmlFor={`digite-${k.short}`}>
                      Para confirmar, digite <strong>{CONFIRMATION}</strong>
                    </label>
                    <input
                      id={`digite-${k.short}`}
                      name="typed"
                      required
                      autoComplete="off"
                      spellCheck={false}
                      aria-invalid={errFor("revoke", k.kid, "typed") ? true : undefined}
                    />
                    {errFor("revoke", k.kid, "typed") ? (
                      <p className="erro-campo">{errFor("revoke", k.kid, "typed")}</p>
                    ) : null}
                  </div>
                  <div className="campo bo-confirmacao">
                    <label>
                      <input type="checkbox" name="confirm" value="sim" required /> Entendo que tudo o que esta chave
                      assinou deixa de valer agora.
                    </label>
                    {errFor("revoke", k.kid, "confirm") ? (
                      <p className="erro-campo">{errFor("revoke", k.kid, "confirm")}</p>
                    ) : null}
                  </div>
                  <button type="submit" className="botao perigo">
                    Revogar a chave
                  </button>
                </Form>
              </details>
            </section>
          ))}
      </div>

      {d.events.length ? (
        <section aria-labelledby="chaves-eventos">
          <h2 id="chaves-eventos">Quem fez o quê</h2>
          <div className="tabela-rolagem">
            <table className="tabela-responsiva bo-tabela">
              <thead>
                <tr>
                  <th scope="col">Quando</th>
                  <th scope="col">Quem</th>
                  <th scope="col">O quê</th>
                  <th scope="col">Chave</th>
                </tr>
              </thead>
              <tbody>
                {d.events.map((e) => (
                  <tr key={e.seq}>
                    <td data-label="Quando">{formatInstant(e.at, d.municipality.timeZone)}</td>
                    <td data-label="Quem">{e.who}</td>
                    <td data-label="O quê">{e.action}</td>
                    <td data-label="Chave">
                      <code className="kid">…{e.kid.slice(-6)}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </>
  );
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Chaves de assinatura — Portal de Credenciamento" }];
