// S3-compatible storage for trying the reference deployment on one machine: s3rver (the test S3
// server of tests/unit/utils/storage-s3.test.ts) with one bucket, its objects under a folder.
// Production uses the operator's S3-compatible service instead (docs/deploy.md).
// Usage: node deploy/s3-local.mjs <port> <folder> <bucket>
import S3rver from "s3rver";

const [port = "3723", directory = "deploy/.local/s3", bucket = "credencia"] = process.argv.slice(2);
const server = new S3rver({
  port: Number(port),
  address: "127.0.0.1",
  directory,
  silent: true,
  configureBuckets: [{ name: bucket, configs: [] }],
});
await server.run();
console.log(`S3 local em http://127.0.0.1:${port}, bucket ${bucket}, arquivos em ${directory}`);
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => server.close().then(() => process.exit(0)));
