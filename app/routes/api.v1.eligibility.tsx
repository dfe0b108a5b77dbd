import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { evaluate, parseEligibilityRequest, toApiResponse } from "~/domain/eligibility";
import { apiError, apiJson, rateLimited } from "~/http/api.server";
import { withRefusals } from "~/http/refusal.server";
import { activePackByIbge } from "~/models/rule-pack.server";
import { overLimit } from "~/utils/public-rate-limit.server";

// POST /api/v1/eligibility (api.md): the rule pack's checklist for a person and vehicle.
const MAX_BODY = 16 * 1024;
const HEADERS = { "Cache-Control": "no-store" };

export const loader = withRefusals(async (_: LoaderFunctionArgs) =>
  apiError(405, "method_not_allowed", "Use POST com um corpo JSON.", { Allow: "POST" }),
);

export const action = withRefusals(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST")
    return apiError(405, "method_not_allowed", "Use POST com um corpo JSON.", { Allow: "POST" });
  const wait = await overLimit("verify", context.clientIp);
  if (wait) return rateLimited(wait, HEADERS);
  const text = await request.text();
  if (text.length > MAX_BODY)
    return apiError(413, "body_too_large", "Corpo da requisição grande demais (máximo 16 KB).", HEADERS);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return apiError(400, "malformed_json", "O corpo não é um JSON válido.", HEADERS);
  }
  const ibge =
    typeof body === "object" && body && "municipality" in body
      ? String((body as { municipality: unknown }).municipality)
      : "";
  const pack = /^\d{7}$/.test(ibge) ? await activePackByIbge(ibge) : undefined;
  const parsed = parseEligibilityRequest(body, (code) => (code === ibge ? pack : undefined));
  if (!parsed.ok) return apiJson(parsed.error, { status: 400, headers: HEADERS });
  const result = evaluate(parsed.input);
  return apiJson(toApiResponse(result, parsed.pack), { headers: HEADERS });
});
