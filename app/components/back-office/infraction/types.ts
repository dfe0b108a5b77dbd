// The auto de infração page's data as its loader sends it (./view.ts): the panels take the parts they show.
import type { autoPageView } from "./view";

export type AutoPageData = ReturnType<typeof autoPageView>;
export type AutoView = AutoPageData["auto"];
export type ProposalView = AutoPageData["proposal"];
export type ProcessView = AutoPageData["process"];

/** What the page's action answers when a form is refused: the form (`intent`), its errors and what was typed. */
export type IntentResult = {
  intent: string;
  error?: string | null;
  errors?: Record<string, string | undefined>;
  values?: Record<string, string>;
};
