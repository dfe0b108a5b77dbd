// Evidence photos are reduced before queueing, for a weak signal and IndexedDB; only the data plan
// is saved: the server re-encodes anyway, and judges what cannot be decoded here.
const PHOTO_MAX_SIDE = 1600;
const JPEG_QUALITY = 0.82;

export async function reducePhoto(file: File): Promise<{ blob: Blob; name: string }> {
  const name = file.name.replace(/\.[^.]*$/, "") || "foto";
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    canvas.getContext("2d")!.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", JPEG_QUALITY));
    if (blob && blob.size < file.size) return { blob, name: `${name}.jpg` };
  } catch {
    // not decodable here: let the server decide
  }
  return { blob: file, name: file.name || "foto" };
}
