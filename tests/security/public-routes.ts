// What the token and public-output security tests share: calling a public route's loader as
// Remix would (a Request, params and the load context server.js builds), and signing any
// header and payload with a municipality's real key or an attacker's own, so a forgery can be
// "otherwise valid" in every way but the one under test.
import { generateKeyPairSync, type KeyObject, randomInt, sign as nodeSign } from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { normalizeLowS } from "~/credentials/ecdsa";
import { jwkThumbprint } from "~/credentials/jws-checks";
import type { Signer } from "~/credentials/token";

/** A client address of its own per call, so the per-address public limit never mixes tests. */
export const someClient = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;

type Loader = (args: LoaderFunctionArgs) => unknown;

/** GETs `path` through the route's loader; a thrown Response (a redirect) is the answer too. */
export async function getRoute(
  loader: Loader,
  path: string,
  params: Record<string, string> = {},
  clientIp = someClient(),
): Promise<Response> {
  try {
    const result = await loader({
      request: new Request(`http://localhost${path}`, {
        headers: { "User-Agent": "Mozilla/5.0 (Android) Chrome/130" },
      }),
      params,
      context: { clientIp, requestId: "teste" },
    } as LoaderFunctionArgs);
    if (!(result instanceof Response)) throw new Error(`${path}: the loader answered no Response`);
    return result;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** Status, headers (sorted, lower-case names) and body bytes: what "the same answer" compares. */
export async function answerOf(response: Response) {
  return {
    status: response.status,
    headers: [...response.headers.entries()].sort(([a], [b]) => a.localeCompare(b)),
    body: await response.text(),
  };
}

export const b64json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
export const b64bytes = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");

/** A compact JWS over exactly these header and payload bytes, with a low-S raw r||s signature. */
export async function signJws(
  header: unknown,
  payload: unknown,
  sign: (input: Uint8Array) => Promise<Uint8Array>,
): Promise<string> {
  const h = typeof header === "string" ? b64bytes(header) : b64json(header);
  const p = typeof payload === "string" ? b64bytes(payload) : b64json(payload);
  const signature = normalizeLowS(await sign(new TextEncoder().encode(`${h}.${p}`)));
  return `${h}.${p}.${b64bytes(signature)}`;
}

/** The municipality's signer as a plain signing function. */
export const withSigner = (signer: Signer) => (input: Uint8Array) => signer.sign(input);

/** A P-256 key pair that no municipality published: what an attacker can sign with. */
export async function attackerKey() {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" }) as { kty: "EC"; crv: "P-256"; x: string; y: string };
  const kid = await jwkThumbprint(jwk);
  const sign = async (input: Uint8Array) =>
    new Uint8Array(nodeSign("sha256", input, { key: privateKey as KeyObject, dsaEncoding: "ieee-p1363" }));
  return { jwk, kid, sign };
}

/** DER (ASN.1 SEQUENCE of two INTEGERs) form of a raw r||s signature, as OpenSSL would emit it. */
export function rawToDer(raw: Uint8Array): Uint8Array {
  const integer = (bytes: Uint8Array) => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i++;
    const trimmed = bytes.subarray(i);
    const body = trimmed[0] & 0x80 ? [0, ...trimmed] : [...trimmed];
    return [0x02, body.length, ...body];
  };
  const content = [...integer(raw.subarray(0, 32)), ...integer(raw.subarray(32))];
  return new Uint8Array([0x30, content.length, ...content]);
}
