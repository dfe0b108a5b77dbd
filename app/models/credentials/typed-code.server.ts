// The code printed on a credential for typing in (`PTC-MT-2026-000002-K7QX`): its serial and a
// check part under the master key's "serial-check" sub-key (ADR 014). Issuance prints it, the
// driver's and company's pages show it, verification reads it back (verification.server.ts).
import { subKey } from "~/utils/master-key.server";
import { typedCodeOf } from "~/credentials/serial-check";

/** The code printed on a credential for typing in: `PTC-MT-2026-000002-K7QX`. */
export const typedCodeFor = (serial: string) => typedCodeOf(serial, subKey("serial-check"));
