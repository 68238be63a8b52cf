/** A photo the owner picks (a project's, or one in place of a drawing), made ready to send. */

/** A photo this browser cannot turn into a JPEG; its message says what to do. */
export class HeicError extends Error {}

/** HEIC/HEIF as a JPEG the browser decodes (Safari on the iPhone can); anything else as it is. */
export async function jpegIfHeic(file: File): Promise<Blob> {
  const isHeic = /image\/hei[cf]/i.test(file.type) || /\.hei[cf]$/i.test(file.name);
  if (!isHeic) return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
    bitmap.close();
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no JPEG'))), 'image/jpeg', 0.9),
    );
  } catch {
    throw new HeicError(
      'This iPhone photo (HEIC) cannot be read by this browser. Choose it on the iPhone, or set the camera to "Most Compatible".',
    );
  }
}
