// argon2id hashing (OWASP's recommended parameters: 19 MiB, 2 iterations, 1 lane).
import { hash, verify } from "@node-rs/argon2";

const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, not importable with isolatedModules)

const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

// Verifying against this when the account does not exist keeps the timing the same.
let dummy: Promise<string> | undefined;
export const dummyHash = () => (dummy ??= hashPassword("conta-inexistente-apenas-para-tempo"));
