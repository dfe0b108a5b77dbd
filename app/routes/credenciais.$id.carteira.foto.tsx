import type { LoaderFunctionArgs } from "@remix-run/node";
import sharp from "sharp";
import { requireUser } from "~/http/auth.server";
import { getStorage } from "~/utils/storage.server";
import { walletPhoto } from "~/models/credentials/wallet.server";
import { withRefusals } from "~/http/refusal.server";

// The holder's photo on "Meu crachá", to the holder only (anyone else: 404). Personal data on a
// phone that may be shared (ADR 028): `private, no-store` keeps it out of the browser's HTTP cache
// and out of any proxy; the only copy kept on the phone is the wallet's service-worker cache,
// which is emptied when the page answers to someone else or to no one.
export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireUser(request);
  const photo = await walletPhoto(params.id ?? "", user.id);
  if (!photo) return new Response("Foto indisponível.", { status: 404, headers: { "Cache-Control": "no-store" } });
  const { stream } = await getStorage().get(photo.storageKey);
  const small = await stream
    .pipe(sharp().rotate().resize(300, 400, { fit: "cover" }).jpeg({ quality: 75, mozjpeg: true }))
    .toBuffer();
  return new Response(new Uint8Array(small), {
    headers: {
      "Content-Type": "image/jpeg",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
});
