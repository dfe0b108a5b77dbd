// The header's view-model: the role label, municipality and menu, from the user's grants.
import { can, type Grant, ROLE_LABELS } from "~/domain/auth/permissions";
import { municipalitiesByIds } from "~/models/municipality.server";
import type { CurrentUser } from "~/models/user.server";

type NavLinkItem = { to: string; label: string; end?: boolean };

// Pages of a municipality's back office, shown to the staff roles that may open them.
const MUNICIPAL_MENU: { path: string; label: string; permission: `${string}:${string}`; end?: boolean }[] = [
  { path: "", label: "Painel do município", permission: "read:panel", end: true },
  { path: "/fila", label: "Fila de análise", permission: "review:application" },
  { path: "/credenciais", label: "Credenciais", permission: "enforce:credential" },
  { path: "/autos", label: "Autos de infração", permission: "decide:infraction" },
  { path: "/relatorios", label: "Relatórios", permission: "read:report" },
  { path: "/cotas", label: "Cotas", permission: "manage:quota" },
  { path: "/regras", label: "Regras", permission: "manage:rule-pack" },
  { path: "/chaves", label: "Chaves", permission: "manage:signing-key" },
  { path: "/identidade", label: "Brasão e assinatura", permission: "manage:identity" },
  { path: "/equipe", label: "Equipe", permission: "manage:staff" },
  { path: "/govbr", label: "Entrada com gov.br", permission: "manage:staff" },
  { path: "/auditoria", label: "Auditoria", permission: "read:audit" },
  { path: "/relatos", label: "Relatos de passageiros", permission: "read:passenger-report" },
  { path: "/operadoras", label: "Operadoras", permission: "read:application" },
];

export async function navigationFor(user: CurrentUser) {
  // An operator's member is not staff: they keep the driver's menu and get their companies' link.
  const staff = user.grants.filter((g) => g.role !== "CONDUTOR" && g.role !== "OPERADOR");
  const operator = user.grants.find((g) => g.role === "OPERADOR");
  const main: Grant = staff.find((g) => g.role === "ADMIN") ?? staff[0] ?? operator ?? user.grants[0];
  const municipalityIds = [...new Set(staff.map((g) => g.municipalityId).filter((x): x is string => Boolean(x)))];
  const municipalities = municipalityIds.length ? await municipalitiesByIds(municipalityIds) : [];
  const links: NavLinkItem[] = [{ to: "/painel", label: "Início", end: true }];
  if (staff.length === 0) {
    links.push(
      { to: "/requerimentos", label: "Requerimentos" },
      { to: "/credenciais", label: "Credenciais" },
      { to: "/vinculos", label: "Vínculos" },
    );
    links.push({ to: "/operadora", label: operator ? "Minhas empresas" : "Empresas" });
  }
  for (const m of municipalities) {
    const target = { municipalityId: m.id };
    for (const item of MUNICIPAL_MENU) {
      if (!can(user.id, user.grants, item.permission, target)) continue;
      const label = municipalities.length > 1 ? `${item.label} — ${m.name}` : item.label;
      links.push({ to: `/m/${m.slug}${item.path}`, label, end: item.end });
    }
  }
  if (can(user.id, user.grants, "verify:credential")) links.push({ to: "/fiscal", label: "Fiscalização" });
  if (can(user.id, user.grants, "create:municipality")) links.push({ to: "/admin/municipios", label: "Municípios" });
  if (can(user.id, user.grants, "manage:jobs")) links.push({ to: "/admin/tarefas", label: "Tarefas" });
  // Everyone's own account (name, e-mail, CPF confirmed by gov.br: ADR 038), last in the menu.
  links.push({ to: "/conta", label: "Minha conta" });
  return {
    roleLabel: ROLE_LABELS[main.role],
    municipalityLabel: municipalities.length ? municipalities.map((m) => `${m.name} (${m.uf})`).join(", ") : null,
    links,
  };
}
