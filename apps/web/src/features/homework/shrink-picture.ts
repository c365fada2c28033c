/**
 * A photographed page shrunk on the phone before it is sent (issue 59, DESIGN.md section 10): the
 * longest side at most 1600 px, JPEG at the highest quality that fits in about 300 KB, so a page stays
 * readable and a batch's forty notebooks do not fill the academy's storage. A PDF is sent as it is.
 */
export const PAGE_TARGET_BYTES = 300 * 1024;
const MAX_SIDE = 1600;
const QUALITIES = [0.82, 0.72, 0.62, 0.52, 0.42];

/** The size a picture is drawn at: its own when small, else scaled so its longest side is `maxSide`. */
export function fittedSize(width: number, height: number, maxSide = MAX_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

function toBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

export async function shrinkPicture(file: File, target = PAGE_TARGET_BYTES): Promise<File> {
  if (file.type === 'application/pdf' || !file.type.startsWith('image/')) return file;
  const bitmap = await createImageBitmap(file);
  let { width, height } = fittedSize(bitmap.width, bitmap.height);
  const baseName = file.name.replace(/\.[^.]+$/, '') || 'page';
  let best: Blob | null = null;
  // Quality first; a page still too large is drawn smaller once more.
  for (let round = 0; round < 2; round += 1) {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) break;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    for (const quality of QUALITIES) {
      const blob = await toBlob(canvas, quality);
      if (!blob) continue;
      best = blob;
      if (blob.size <= target) break;
    }
    if (best && best.size <= target) break;
    ({ width, height } = fittedSize(width, height, Math.round(Math.max(width, height) * 0.75)));
  }
  bitmap.close();
  if (!best) return file;
  return new File([best], `${baseName}.jpg`, { type: 'image/jpeg', lastModified: Date.now() });
}
