import { Camera, CameraOff } from 'lucide-react';
import { type ReactNode, type Ref, useEffect, useEffectEvent, useRef, useState } from 'react';
import type QrScanner from 'qr-scanner';
import './qr-viewfinder.css';

export interface QrViewfinderProps {
  /** The accessible name of the camera picture. */
  label: string;
  /** Called with the text of each QR the camera reads while not paused. */
  onDecode: (text: string) => void;
  /** The camera is off (its stream released); the box keeps its place and shows pausedNote. */
  paused: boolean;
  /** Live hint while the camera looks for a code. */
  hint: string;
  /** Said instead of the hint while paused. */
  pausedNote: string;
  /** Shown over the picture while paused (e.g. a «scan again» button). */
  pausedAction?: ReactNode;
  /** Shown instead of the box when there is no camera to use. */
  unavailableNote: string;
  /** The box, focusable from script (tabIndex -1), e.g. after a «scan again» tap. */
  ref?: Ref<HTMLDivElement>;
}

type CameraStatus = 'starting' | 'on' | 'unavailable';

/**
 * getUserMedia exists only in a secure context (https or localhost) of a browser with a camera
 * API; elsewhere there is nothing to ask and the box is never shown.
 */
function cameraApiPresent(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

/**
 * A camera picture that reads QR codes, through qr-scanner (nimiq): the browser's own
 * BarcodeDetector where there is one, else the library's decoder in a worker (created from a
 * blob: URL; the server's CSP has worker-src 'self' blob:). The library is loaded only when the
 * viewfinder mounts. The stream is released at once when paused, and when the viewfinder
 * unmounts (its sheet closes). No camera, a refused permission or a camera in use by another app
 * all end in the unavailable note; nothing throws.
 */
export function QrViewfinder({
  label,
  onDecode,
  paused,
  hint,
  pausedNote,
  pausedAction,
  unavailableNote,
  ref,
}: QrViewfinderProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<CameraStatus>(() => (cameraApiPresent() ? 'starting' : 'unavailable'));
  // Each camera session gets a fresh <video>: a destroyed scanner still stops, 300 ms later,
  // whatever stream its element holds, which must not be the next session's.
  const [session, setSession] = useState(0);
  const unavailable = status === 'unavailable';

  const decoded = useEffectEvent((text: string) => {
    if (!paused) onDecode(text);
  });

  useEffect(() => {
    const video = videoRef.current;
    if (paused || unavailable || !video) return;
    let cancelled = false;
    let scanner: QrScanner | null = null;
    const release = () => {
      if (!scanner) return;
      // pause(true) stops the stream's tracks now; destroy() ends the scan loop and the worker.
      void scanner.pause(true);
      scanner.destroy();
      scanner = null;
    };
    const fail = () => {
      if (cancelled) return;
      release();
      setStatus('unavailable');
    };
    import('qr-scanner')
      .then(({ default: Scanner }) => {
        if (cancelled) return;
        scanner = new Scanner(
          video,
          (result) => {
            if (!scanner) return;
            // A code read: the camera goes off first, then the owner hears of it.
            release();
            decoded(result.data);
          },
          {
            returnDetailedScanResult: true,
            preferredCamera: 'environment',
            maxScansPerSecond: 10,
            // "No QR code found" on most frames is the normal case, not an error to report.
            onDecodeError: () => undefined,
          },
        );
        return scanner.start();
      })
      .catch(fail);
    return () => {
      cancelled = true;
      release();
      // Paused or gone: the next start shows «starting» until the picture plays again.
      setStatus((current) => (current === 'on' ? 'starting' : current));
      setSession((current) => current + 1);
    };
  }, [paused, unavailable]);

  if (unavailable) {
    return (
      <p className="qr-viewfinder__unavailable" role="status">
        <CameraOff aria-hidden="true" />
        <span>{unavailableNote}</span>
      </p>
    );
  }

  const live = status === 'on' && !paused;
  return (
    <div className="qr-viewfinder">
      <div
        ref={ref}
        className="qr-viewfinder__box"
        role="group"
        aria-label="Сканер QR-кода"
        tabIndex={-1}
        data-live={live || undefined}
      >
        <video
          key={session}
          ref={videoRef}
          className="qr-viewfinder__video"
          aria-label={label}
          muted
          playsInline
          disablePictureInPicture
          onPlaying={() => setStatus('on')}
        />
        {!paused ? (
          <div className="qr-viewfinder__frame" aria-hidden="true">
            <span />
            <span />
            <span />
            <span />
          </div>
        ) : null}
        {status === 'starting' && !paused ? (
          <div className="qr-viewfinder__starting" aria-hidden="true">
            <Camera />
          </div>
        ) : null}
        {paused ? <div className="qr-viewfinder__paused">{pausedAction}</div> : null}
      </div>
      <p className="qr-viewfinder__note" role="status">
        {paused ? pausedNote : status === 'on' ? hint : 'Включаем камеру…'}
      </p>
    </div>
  );
}
