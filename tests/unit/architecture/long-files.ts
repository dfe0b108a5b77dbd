// Files allowed past 300 formatted lines, each with its reason (checked by file-length.test.ts).
// "to split: …" marks debt and says where the seam is; the other reasons say why the file reads
// best whole. An entry goes as soon as its file is split: the test fails on a stale one.
export const longFiles: Record<string, string> = {
  // ---- one law, or one catalogue, transcribed in one place ------------------------------------
  "app/domain/rule-packs/schema.ts":
    "the one rule-pack format (ADR 003): every kind of rule a law can carry, in one schema",
  "app/domain/facts/catalogue.ts":
    "one catalogue: every fact the engine can read, with its supplier, question and validation (ADR 015)",
  "tests/unit/domain/eligibility/itauna.test.ts": "one law's rules checked one by one, mirroring its pack",
  "tests/unit/domain/eligibility/jardim.test.ts": "one law's rules checked one by one, mirroring its pack",
  "tests/unit/domain/eligibility/lavras.test.ts": "one law's rules checked one by one, mirroring its pack",
  "tests/unit/domain/eligibility/patrocinio.test.ts": "one law's rules checked one by one, mirroring its pack",
  "tests/unit/domain/eligibility/federal.test.ts":
    "the federal baseline under each municipal pack, city by city: one table of stricter-wins cases",

  // ---- attack corpora: one table of hostile inputs, read top to bottom --------------------------
  "tests/security/forged-tokens.test.ts": "one table of forged tokens, each checked three ways (verifier, JSON, page)",
  "tests/security/uploads-corpus.test.ts": "one corpus of hostile files through the real upload path and back",
  "tests/security/escalation.test.ts": "every form that could grant a role, posted with hostile fields, one by one",
  "tests/security/idor.test.ts": "every route with a $param, enumerated, with who may see its object",
  "tests/security/public-output.test.ts": "every public answer scanned for one holder's personal data",
  "tests/security/body-limits.test.ts":
    "every kind of body (form, API, upload, a pasted law) through one HTTP harness, at its limit",
  "tests/security/crash-jobs.test.ts":
    "to split: one kill -9 case per job kind, each with its world; the shared child driver could move to a helper",
  "tests/security/authorization-matrix/table.ts":
    "the authorization matrix: one line per route module saying who may call its loader and its action",

  // ---- stylesheets ----------------------------------------------------------------------------
  "app/components/back-office/back-office.css": "to split: by screen (queue, review, autos, reports), beside each",

  // ---- to split -------------------------------------------------------------------------------
  "tests/e2e/journey-steps.ts": "to split: the driver's steps from the staff's and the verifier's",
  "tests/support/conformance.ts": "to split: the application builder from the operator's and the analyst's steps",
  "tests/unit/credentials/status-list.test.ts": "to split: the format, the offline reading and the endpoint (3 files)",
  "tests/unit/domain/rule-packs/federal.test.ts": "to split: the citations from the loader's refusals",
  "tests/unit/models/infraction-decision.test.ts":
    "to split: with its model (the process, Jardim's notices, the appeal)",
  "tests/unit/models/review-queue.test.ts": "to split: with its model (queue, assignment, review actions)",
  "tests/unit/utils/upload.test.ts": "to split: with upload.server.ts (intake limits from content checks)",
};
