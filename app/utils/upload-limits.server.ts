// How much a person may upload: per file and in all, from the environment.
import { env } from "~/utils/env.server";

export const MiB = 1024 * 1024;

export function uploadLimits(config = env()) {
  return { maxFileBytes: config.UPLOAD_MAX_FILE_MB * MiB, maxUserBytes: config.UPLOAD_MAX_USER_MB * MiB };
}

/** What a person may still upload, given the bytes their documents already take. */
export function remainingUploadBytes(usedBytes: number, config = env()): number {
  return Math.max(0, uploadLimits(config).maxUserBytes - usedBytes);
}
