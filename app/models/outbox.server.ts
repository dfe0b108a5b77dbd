// The mail outbox as the demo shows it: the latest messages the portal would have sent.
import { db } from "~/utils/db.server";

export const latestOutboxMessages = (take = 50) => db.outboxMessage.findMany({ orderBy: { createdAt: "desc" }, take });
