import type { LoaderFunctionArgs } from "@remix-run/node";
import { isId } from "~/domain/ids";
import { storedPhotoAnswer, textAnswer } from "~/http/answers.server";
import { withRefusals } from "~/http/refusal.server";
import { photoToShow, photoUrlIsValid } from "~/models/credentials/photo.server";

// The holder's photo for the verification page: reachable only through the short-lived URL that
// a verification by signed QR produced (typing serials cannot harvest faces). Served small — a
// passenger compares a face, and the page must stay light on a weak signal.
export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  const id = params.id ?? "";
  const notFound = () => textAnswer("Foto indisponível.", 404);
  if (!isId(id) || !photoUrlIsValid(id, url.searchParams.get("e"), url.searchParams.get("s"), new Date()))
    return notFound();
  const photo = await photoToShow(id);
  if (!photo) return notFound();
  return storedPhotoAnswer(photo.storageKey, { width: 240, height: 320, quality: 72 }, "private, max-age=600");
});
