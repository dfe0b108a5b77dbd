import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { readForm } from "~/http/csrf.server";
import { requireStaff } from "~/http/staff-guard.server";
import { getApplication } from "~/models/application.server";
import { approveForReview, evaluateForReview } from "~/models/review-dispatch.server";
import { assertReviewer } from "~/models/review.server";
import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from "~/domain/applications/status";
import { Checklist } from "~/components/checklist";
import { CsrfInput } from "~/components/csrf-input";
import styles from "~/components/back-office/back-office.css";
import { formatDate } from "~/domain/format";
import { isId } from "~/domain/ids";
import { refusedForm, withFormRefusals, withRefusals } from "~/http/refusal.server";

// "Approve and issue" as its own address: the review screen posts here (and shows the refusal
// in place); opened directly, it shows what would be issued. Only who may issue gets in —
// a fiscal, for one, gets 403 before anything is read.
async function load(request: Request, slug: string | undefined, id: string | undefined) {
  const staff = await requireStaff(request, slug, "issue:credential");
  const app = isId(id) ? await getApplication(id) : null;
  if (!app || app.municipalityId !== staff.municipality.id)
    throw new Response("Requerimento não encontrado.", { status: 404 });
  return { ...staff, app };
}

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality, app } = await load(request, params.municipio, params.id);
  const { result } = await evaluateForReview(app);
  return {
    municipality: { slug: municipality.slug, name: municipality.name },
    app: {
      id: app.id,
      number: app.number,
      status: app.status as ApplicationStatus,
      holder: app.person?.fullName ?? app.operator?.legalName ?? "—",
    },
    result,
  };
});

export const action = /* @__PURE__ */ withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { municipality, actor, app } = await load(request, params.municipio, params.id);
  await readForm(request);
  try {
    await assertReviewer(app.id, municipality.id, actor.userId);
    await approveForReview(app, municipality.id, actor);
  } catch (e) {
    // A refusal changes nothing (approveAndIssue is one transaction); say why, with the law.
    return refusedForm(e, {});
  }
  return redirect(`/m/${municipality.slug}/requerimentos/${app.id}?ok=emitido#credenciais`);
});

export default function Approve() {
  const { municipality, app, result } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const back = `/m/${municipality.slug}/requerimentos/${app.id}`;
  return (
    <>
      <p className="bo-voltar">
        <Link to={back}>← Voltar ao requerimento</Link>
      </p>
      <h1>Aprovar e emitir — {app.number}</h1>
      <p className="bo-sub">
        {app.holder} · {APPLICATION_STATUS_LABELS[app.status]}
      </p>
      {refused?.error ? (
        <div className="aviso erro" role="alert" style={{ whiteSpace: "pre-line" }}>
          {refused.error}
        </div>
      ) : null}
      <section className="cartao">
        <h2>Será emitido</h2>
        <ul>
          {result.credentials.map((c) => (
            <li key={c.type}>
              {c.label}
              {c.validUntil ? `, válido até ${formatDate(c.validUntil)}` : ""} ({c.citation})
            </li>
          ))}
        </ul>
        <Form method="post">
          <CsrfInput />
          <button type="submit" className="botao" disabled={busy || app.status !== "IN_REVIEW"}>
            {busy ? "Emitindo…" : "Aprovar e emitir credenciais"}
          </button>
        </Form>
      </section>
      <section className="cartao">
        <h2>Checklist da lei</h2>
        <Checklist result={result} headingLevel={3} />
      </section>
    </>
  );
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Aprovar ${data?.app.number ?? ""} — Portal de Credenciamento` },
];
