// Vitest setup file, run in each worker before each test file: points the file at its worker's
// own database and data folder (made by global-db.ts). Child processes a test spawns inherit them.
import { forWorker } from "./test-database";

const worker = Number(process.env.VITEST_POOL_ID ?? 1);
// The run's values, kept aside the first time: a worker may run several files in one process.
const runDatabase = (process.env.TEST_RUN_DATABASE_URL ??= process.env.DATABASE_URL!);
const runDataDir = (process.env.TEST_RUN_DATA_DIR ??= process.env.DATA_DIR!);
process.env.DATABASE_URL = forWorker(runDatabase, worker);
process.env.DATA_DIR = `${runDataDir}-w${worker}`;
