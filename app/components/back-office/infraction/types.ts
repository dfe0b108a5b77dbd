// The auto de infração page's data as its loader sends it (./view.ts): the panels take the parts they show.
import type { infractionPageView } from "~/http/infraction-view.server";

export type InfractionPageData = ReturnType<typeof infractionPageView>;

/** What the page's action answers when a form is refused: the form (`intent`), its errors and what was typed. */
export type IntentResult = {
  intent: string;
  error?: string | null;
  errors?: Record<string, string | undefined>;
  values?: Record<string, string>;
};
