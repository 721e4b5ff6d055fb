import { useEffect, useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { Button } from './button';
import { classNames } from './class-names';
import { drawQr, type QrDrawing } from './qr-drawing';
import './qr-code.css';

export interface QrCodeProps {
  /** What the code holds (a URL). */
  value: string;
  /** What the code is for, read by screen readers: «QR-код для оплаты заказа З-017 через СБП». */
  label: string;
  className?: string;
}

type Drawn =
  { readonly value: string; readonly drawing: QrDrawing } | { readonly value: string; readonly failed: true };

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
  if (!current)
    return (
      <div
        className={classNames('qr-code', 'qr-code--loading', className)}
        aria-busy="true"
        aria-label={label}
        role="img"
      />
    );
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
