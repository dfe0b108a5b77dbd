// The test files that run each in a fresh module graph (vitest.config.ts's "own-process" project);
// every other file shares its worker's modules with the files before it. A file belongs here when
// it changes what a module holds for the whole process: vi.mock/vi.doMock, vi.stubEnv or
// process.env, vi.spyOn on a shared module, vi.useFakeTimers, or a helper that does (fake-govbr.ts).
// tests/unit/architecture/test-isolation.test.ts finds such files and fails when one is missing here.
export const OWN_PROCESS = [
  "tests/security/account-enumeration.test.ts",
  "tests/security/cpf-squatting.test.ts",
  "tests/security/demo-mode.test.ts",
  "tests/security/demo-password.test.ts",
  "tests/security/forged-tokens.test.ts",
  "tests/security/govbr-identity.test.ts",
  "tests/security/hot-paths.test.ts",
  "tests/security/http-lows.test.ts",
  "tests/security/identical-answers.test.ts",
  "tests/security/outbox-lease.test.ts",
  "tests/security/password-reset-abuse.test.ts",
  "tests/security/plain-answers.test.ts",
  "tests/security/public-output.test.ts",
  "tests/security/request-targets.test.ts",
  "tests/security/sessions.test.ts",
  "tests/security/trust-levels-sessions.test.ts",
  "tests/security/trust-levels.test.ts",
  "tests/unit/models/renewal.test.ts",
  "tests/unit/models/search-plans.test.ts",
  "tests/unit/models/signing-key-race.test.ts",
  "tests/unit/models/verification-pool.test.ts",
  "tests/unit/scale/redis-outage.test.ts",
  "tests/unit/utils/govbr-down.test.ts",
  "tests/unit/utils/job-queue.test.ts",
  "tests/unit/utils/job-start-retry.test.ts",
  "tests/unit/utils/mail.test.ts",
  "tests/unit/utils/oidc.test.ts",
  "tests/unit/utils/storage-s3.test.ts",
  "tests/unit/utils/upload-images.test.ts",
];
