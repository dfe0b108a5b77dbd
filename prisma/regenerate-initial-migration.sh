#!/usr/bin/env bash
# Until the first release the initial migration is regenerated from the schema (nothing has
# been deployed with it yet). After the first release, use `npm run db:new-migration`.
set -euo pipefail
cd "$(dirname "$0")/.."
npx tsx prisma/sync-schemas.ts
DATABASE_URL=file:./tmp/regen.db npx prisma migrate diff --from-empty --to-schema-datamodel prisma/schema.prisma --script > prisma/migrations/20261129000000_init/migration.sql
DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx prisma migrate diff --from-empty --to-schema-datamodel prisma/postgres/schema.prisma --script > prisma/postgres/migrations/20261129000000_init/migration.sql
npm run db:generate >/dev/null
