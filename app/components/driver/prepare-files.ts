// Before an upload, photos are shrunk in the browser (ADR 026) so they do not take 23 s on a slow
// link, and the 3×4 photo is cut as framed. Only saves time: the server trusts none of it.
import { PHOTO_TARGET } from "~/domain/files/limits";

const MiB = 1024 * 1024;

/** A photo is shrunk when it is bigger than this: smaller ones go as chosen. */
const SHRINK_ABOVE = PHOTO_TARGET.maxSizeMB * MiB;

export const isPhoto = (file: File) => /^image\/(jpeg|png|webp|heic|heif)$/i.test(file.type);

const jpegName = (name: string) => `${name.replace(/\.[A-Za-z0-9]{1,5}$/, "") || "foto"}.jpg`;

/** The photo at ~1 MB / 2000 px in JPEG, or the file itself when it is small or not a photo. */
export async function shrinkPhoto(file: File, onProgress: (percent: number) => void): Promise<File> {
  if (!isPhoto(file) || file.size <= SHRINK_ABOVE) return file;
  const { default: imageCompression } = await import("browser-image-compression");
  try {
    const out = await imageCompression(file, {
      maxSizeMB: PHOTO_TARGET.maxSizeMB,
      maxWidthOrHeight: PHOTO_TARGET.maxSide,
      initialQuality: PHOTO_TARGET.quality,
      fileType: "image/jpeg",
      // No worker: the library would fetch its own copy from a CDN, which the portal does not use.
      useWebWorker: false,
      onProgress,
    });
    return out.size < file.size ? new File([out], jpegName(file.name), { type: "image/jpeg" }) : file;
  } catch {
    return file; // a format the browser cannot draw (some HEIC): the server decides
  }
}

/** Where the 3:4 frame sits on the photo: zoom ≥ 1 and the shift from the centre, each in −1…1. */
export type Framing = { zoom: number; x: number; y: number };
export const CENTRED: Framing = { zoom: 1, x: 0, y: 0 };

/** The rectangle of the source image shown in a 3:4 frame for a framing. */
function cropBox(width: number, height: number, framing: Framing) {
  const ratio = 3 / 4;
  // The largest 3:4 box inside the image, made smaller by the zoom.
  let w = Math.min(width, height * ratio);
  let h = w / ratio;
  w /= framing.zoom;
  h /= framing.zoom;
  const sx = ((width - w) / 2) * (1 + framing.x);
  const sy = ((height - h) / 2) * (1 + framing.y);
  return { sx, sy, sw: w, sh: h };
}

/** Draws the framed photo on a canvas of `width` × 4/3 `width`. */
export function drawFramed(
  canvas: HTMLCanvasElement,
  image: CanvasImageSource & { width: number; height: number },
  framing: Framing,
  width: number,
) {
  const height = Math.round((width * 4) / 3);
  canvas.width = width;
  canvas.height = height;
  const box = cropBox(image.width, image.height, framing);
  const context = canvas.getContext("2d");
  if (!context) return;
  context.fillStyle = "#fff";
  context.fillRect(0, 0, width, height);
  context.drawImage(image, box.sx, box.sy, box.sw, box.sh, 0, 0, width, height);
}

/** The 3×4 photo as framed, 900 × 1200 px at most, in JPEG. */
export async function framedPhoto(file: File, framing: Framing): Promise<File> {
  const image = await createImageBitmap(file);
  try {
    const box = cropBox(image.width, image.height, framing);
    const canvas = document.createElement("canvas");
    drawFramed(canvas, image, framing, Math.min(900, Math.round(box.sw)));
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));
    return blob ? new File([blob], jpegName(file.name), { type: "image/jpeg" }) : file;
  } finally {
    image.close();
  }
}
