import type { LoaderFunctionArgs } from "@remix-run/node";
import { storedPhotoAnswer, textAnswer } from "~/http/answers.server";
import { requireUser } from "~/http/auth.server";
import { withRefusals } from "~/http/refusal.server";
import { walletPhoto } from "~/models/credentials/wallet.server";

// The holder's photo on "Meu crachá", to the holder only (anyone else: 404). A phone may be shared
// (ADR 028): `private, no-store`, so the only copy is the wallet's service-worker cache.
export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireUser(request);
  const photo = await walletPhoto(params.id ?? "", user.id);
  if (!photo) return textAnswer("Foto indisponível.", 404);
  return storedPhotoAnswer(photo.storageKey, { width: 300, height: 400, quality: 75 }, "private, no-store");
});
