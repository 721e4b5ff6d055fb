import { useEffect, useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { Button } from './button';
import { classNames } from './class-names';
import './qr-code.css';

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
 * screens drawing a code (the kiosk's payment and thanks) ever fetch, never the entry route.
 * Error correction M: a phone reads it off a glossy kiosk screen at an angle.
 */
export async function drawQr(value: string): Promise<QrDrawing> {
  const { encode } = await import('uqr');
  const qr = encode(value, { ecc: 'M', border: QR_QUIET_ZONE });
  return { size: qr.size, path: qrPath(qr.data) };
}

export interface QrCodeProps {
  /** What the code holds (a URL). */
  value: string;
  /** What the code is for, read by screen readers: «QR-код для оплаты заказа З-017 через СБП». */
  label: string;
  className?: string;
}

type Drawn = { readonly value: string; readonly drawing: QrDrawing } | { readonly value: string; readonly failed: true };

/**
 * A QR code as SVG: crisp at any size, filling its container's width, always dark on white with
 * the quiet zone (a reader needs the contrast whatever the theme). The square keeps its place
 * while the encoder loads; if the encoder cannot be loaded, a retry.
 */
export function QrCode({ value, label, className }: QrCodeProps) {
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    drawQr(value).then(
      (drawing) => {
        if (!cancelled) setDrawn({ value, drawing });
      },
      () => {
        if (!cancelled) setDrawn({ value, failed: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [value, attempt]);

  const current = drawn?.value === value ? drawn : null;
  if (current && 'failed' in current) {
    return (
      <div className={classNames('qr-code', 'qr-code--failed', className)} role="alert">
        <p>QR-код не загрузился.</p>
        <Button
          variant="secondary"
          icon={<RefreshCw />}
          onClick={() => {
            setDrawn(null);
            setAttempt((count) => count + 1);
          }}
        >
          Повторить
        </Button>
      </div>
    );
  }
  if (!current) return <div className={classNames('qr-code', 'qr-code--loading', className)} aria-busy="true" aria-label={label} role="img" />;
  const { size, path } = current.drawing;
  return (
    <svg
      className={classNames('qr-code', className)}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
