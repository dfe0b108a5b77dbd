/**
 * Record ids as the database makes them (Prisma's cuid(): lowercase letters and digits). Every
 * id read from a URL or a form is checked against this shape before it reaches a query, so a
 * malformed one is a plain "not found" and never an odd string in a WHERE clause.
 */
import { z } from "zod";

export const ID_PATTERN = /^[a-z0-9]{20,40}$/;

/** Whether a value read from outside has the shape of a record id. */
export function isId(value: unknown): value is string {
  return typeof value === "string" && ID_PATTERN.test(value);
}

/** The zod form of the same check, for action schemas. */
export const zId = (message?: string) => z.string().regex(ID_PATTERN, message);
