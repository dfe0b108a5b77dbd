import type { LoaderFunctionArgs } from "@remix-run/node";
import { textAnswer } from "~/http/answers.server";
import { withRefusals } from "~/http/refusal.server";

// Liveness (ADR 035): the process answers HTTP. It asks no dependency, so an outage never gets healthy
// servers restarted; readiness is /readyz.
export const loader = withRefusals(async (_: LoaderFunctionArgs) => textAnswer("ok"));
