import type { LoaderFunctionArgs } from "@remix-run/node";
import sharp from "sharp";
import { getStorage } from "~/utils/storage.server";
import { photoUrlIsValid, photoToShow } from "~/models/credentials/photo.server";
import { isId } from "~/domain/ids";
import { withRefusals } from "~/http/refusal.server";

// The holder's photo for the verification page: reachable only through the short-lived URL that
// a verification by signed QR produced (typing serials cannot harvest faces). Served small — a
// passenger compares a face, and the page must stay light on a weak signal.
export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  const id = params.id ?? "";
  const notFound = () => new Response("Foto indisponível.", { status: 404, headers: { "Cache-Control": "no-store" } });
  if (!isId(id) || !photoUrlIsValid(id, url.searchParams.get("e"), url.searchParams.get("s"), new Date()))
    return notFound();
  const photo = await photoToShow(id);
  if (!photo) return notFound();
  const { stream } = await getStorage().get(photo.storageKey);
  const small = await stream
    .pipe(sharp().rotate().resize(240, 320, { fit: "cover" }).jpeg({ quality: 72, mozjpeg: true }))
    .toBuffer();
  return new Response(new Uint8Array(small), {
    headers: {
      "Content-Type": "image/jpeg",
      "Cache-Control": "private, max-age=600",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
});
