import { NOT_A_PICTURE } from '@academy/shared/omr/messages';
import { OmrUnreadable, WORKING_SIZE, readSheet, type Gray, type OmrReading } from '@academy/shared/omr/reader';

/**
 * The server's side of the OMR reader (issue 76, decisions 081 and 086): sharp decodes the photo (its
 * EXIF rotation applied) into raw greyscale at the working size; the reading itself is the shared,
 * pure core in packages/shared/src/omr/reader.ts, the same code the phone runs in a Web Worker.
 */
export { OmrUnreadable, readSheet, homography, applyHomography, invert3, FILLED, EMPTY, type OmrReading } from '@academy/shared/omr/reader';

/** Decodes an image (JPEG, PNG; its EXIF rotation applied) into greyscale pixels at the working size. */
export async function loadGray(image: Buffer): Promise<Gray> {
  const { default: sharp } = await import('sharp');
  try {
    const { data, info } = await sharp(image, { failOn: 'none' })
      .rotate()
      .resize({ width: WORKING_SIZE, height: WORKING_SIZE, fit: 'inside', withoutEnlargement: true })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height), width: info.width, height: info.height };
  } catch {
    throw new OmrUnreadable(NOT_A_PICTURE);
  }
}

/** Reads a photo's bytes (JPEG or PNG). */
export async function readSheetImage(image: Buffer): Promise<OmrReading> {
  return readSheet(await loadGray(image));
}
