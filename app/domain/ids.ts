/** Record ids (cuid()), checked first so a malformed one is a plain "not found", never odd SQL input. */
import { z } from "zod";

const ID_PATTERN = /^[a-z0-9]{20,40}$/;

/** Whether a value read from outside has the shape of a record id. */
export function isId(value: unknown): value is string {
  return typeof value === "string" && ID_PATTERN.test(value);
}

/** The zod form of the same check, for action schemas. */
export const zId = (message?: string) => z.string().regex(ID_PATTERN, message);
