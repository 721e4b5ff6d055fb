/*
 * QR drawing without the picture's element: what the kiosk's codes (qr-code.tsx) and the sign-in's
 * call code (features/auth) share, so the quiet zone, the error correction and the path live once.
 */

/** Modules of quiet zone around the code (the QR standard asks for four; readers fail without it). */
export const QR_QUIET_ZONE = 4;

/** A drawn code: the side in modules (quiet zone included) and one SVG path of its dark modules. */
export interface QrDrawing {
  readonly size: number;
  readonly path: string;
}

/**
 * One SVG path of a QR matrix (true = dark), one unit per module: each run of dark modules in a
 * row is one rectangle, so the path stays short.
 */
export function qrPath(matrix: readonly (readonly boolean[])[]): string {
  let path = '';
  matrix.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      path += `M${start} ${y}h${x - start}v1h${start - x}z`;
    }
  });
  return path;
}

/**
 * Encodes `value` with uqr, loaded on first use: the encoder is a chunk of its own that only the
 * screens drawing a code (the kiosk's payment and thanks, the sign-in's call step) ever fetch,
 * never the entry route. Error correction M: a phone reads it off a glossy screen at an angle.
 */
export async function drawQr(value: string): Promise<QrDrawing> {
  const { encode } = await import('uqr');
  const qr = encode(value, { ecc: 'M', border: QR_QUIET_ZONE });
  return { size: qr.size, path: qrPath(qr.data) };
}
