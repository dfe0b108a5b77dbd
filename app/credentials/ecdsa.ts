/** ECDSA P-256 canonicality: (r, s) has a twin (r, n − s) that jose accepts too, giving one credential
 * two tokens. We sign only low-S and the verifier rejects the high-S twin. */

/** Order of the P-256 base point. */
const P256_N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const HALF_N = P256_N >> 1n;

function toBigInt(bytes: Uint8Array): bigint {
  let hex = "";
  for (const b of bytes) hex += b.toString(16).padStart(2, "0");
  return hex ? BigInt(`0x${hex}`) : 0n;
}

function toBytes32(value: bigint): Uint8Array {
  const hex = value.toString(16).padStart(64, "0");
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

type SignatureShape = "canonical" | "high_s" | "out_of_range" | "wrong_length";

const N_BYTES = toBytes32(P256_N);
const HALF_N_BYTES = toBytes32(HALF_N);

/** Compares two 32-byte big-endian numbers without building them (the verifier runs this per token). */
function compare32(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < 32; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}
const isZero = (a: Uint8Array) => a.every((b) => b === 0);

/** Classifies a raw (IEEE P1363) r||s signature: 64 bytes, 0 < r,s < n, s ≤ n/2. */
export function classifySignature(raw: Uint8Array): SignatureShape {
  if (raw.length !== 64) return "wrong_length";
  const r = raw.subarray(0, 32);
  const s = raw.subarray(32, 64);
  if (isZero(r) || compare32(r, N_BYTES) >= 0 || isZero(s) || compare32(s, N_BYTES) >= 0) return "out_of_range";
  return compare32(s, HALF_N_BYTES) > 0 ? "high_s" : "canonical";
}

/** Returns the low-S form of a raw r||s signature (a copy; unchanged when already low-S). */
export function normalizeLowS(raw: Uint8Array): Uint8Array {
  if (raw.length !== 64) throw new Error("ES256 signature must be 64 bytes");
  const out = new Uint8Array(raw);
  const s = toBigInt(raw.subarray(32, 64));
  if (s > HALF_N) out.set(toBytes32(P256_N - s), 32);
  return out;
}

/** The high-S twin of a signature (used to build the negative test fixture). */
export function highSTwin(raw: Uint8Array): Uint8Array {
  const out = new Uint8Array(raw);
  const s = toBigInt(raw.subarray(32, 64));
  out.set(toBytes32(P256_N - s), 32);
  return out;
}
