import { formatPhoneInput } from '@chain/domain';
import { Phone, PhoneIncoming } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { type InboundCall, pollInboundCall } from '../../api/auth';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../api/client';
import type { User } from '../../state/guest-store';
import { Button, buttonClassName } from '../../ui/button';
import { drawQr } from '../../ui/qr-drawing';
import { useSecondsLeft } from '../../ui/use-now';
import { isAbort } from './request-error';
import { formatCountdown, INBOUND_POLL_INTERVAL_MS } from './sign-in-model';

/** The server's words when the minute has passed (shown if the last check could not reach it). */
const EXPIRED_MESSAGE = 'Время ожидания звонка истекло. Попробуйте ещё раз.';
/** A check when the guest comes back to the page waits at least this long after the previous one. */
const RECHECK_GAP_MS = 2000;

type Waiting =
  { readonly kind: 'waiting'; readonly note: string | null } | { readonly kind: 'over'; readonly message: string };

export interface InboundCallStepProps {
  /** The wire phone, 11 digits. */
  phone: string;
  call: InboundCall;
  /** Epoch ms when the minute to call ends (SPEC 9). */
  deadline: number;
  onSignedIn: (user: User) => void;
  onRestart: () => void;
  onEditPhone: () => void;
}

/**
 * SPEC 2, 4, 9 inbound sign-in: the guest calls the number shown within a minute; the app asks
 * check_inbound every 10 s until the call is seen, and at once when the guest comes back from
 * the dialer (the page becomes visible or focused again).
 */
export function InboundCallStep({ phone, call, deadline, onSignedIn, onRestart, onEditPhone }: InboundCallStepProps) {
  const left = useSecondsLeft(deadline);
  const [state, setState] = useState<Waiting>({ kind: 'waiting', note: null });
  const checking = useRef(false);
  const lastCheck = useRef(0);
  const over = useRef(false);
  const aborter = useRef<AbortController | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const restartRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
    return () => aborter.current?.abort();
  }, []);

  const finish = (message: string) => {
    over.current = true;
    setState({ kind: 'over', message });
    requestAnimationFrame(() => restartRef.current?.focus());
  };

  const check = useEffectEvent(async (lastCall: boolean) => {
    if (checking.current || over.current) return;
    const last = lastCall || Date.now() >= deadline;
    checking.current = true;
    lastCheck.current = Date.now();
    const controller = new AbortController();
    aborter.current = controller;
    try {
      const status = await pollInboundCall(call.uid, phone, { signal: controller.signal });
      if (status.signedIn) {
        over.current = true;
        onSignedIn(status.user);
        return;
      }
      if (last) finish(EXPIRED_MESSAGE);
      else setState({ kind: 'waiting', note: null });
    } catch (failure) {
      if (isAbort(failure) || controller.signal.aborted) return;
      // The server has the last word (expired, unknown); a lost answer is tried again next time.
      if (failure instanceof ApiError && failure.kind === 'server' && failure.status !== null && failure.status < 500) {
        finish(failure.message);
      } else if (last) {
        finish(EXPIRED_MESSAGE);
      } else {
        setState({ kind: 'waiting', note: failure instanceof ApiError ? failure.message : REQUEST_FAILED_MESSAGE });
      }
    } finally {
      checking.current = false;
    }
  });

  useEffect(() => {
    const poll = setInterval(() => void check(false), INBOUND_POLL_INTERVAL_MS);
    // When the minute is over, one last check: a call at the last second still signs in.
    const lastCall = setTimeout(() => void check(true), Math.max(0, deadline - Date.now()));
    const onReturn = () => {
      if (document.visibilityState === 'visible' && Date.now() - lastCheck.current >= RECHECK_GAP_MS) void check(false);
    };
    document.addEventListener('visibilitychange', onReturn);
    window.addEventListener('focus', onReturn);
    return () => {
      clearInterval(poll);
      clearTimeout(lastCall);
      document.removeEventListener('visibilitychange', onReturn);
      window.removeEventListener('focus', onReturn);
    };
  }, [deadline]);

  const waiting = state.kind === 'waiting';
  return (
    <section className="inbound" aria-labelledby="inbound-title">
      <div className="inbound__summary">
        <p className="inbound__phone">
          <span className="inbound__label">Ваш номер</span>
          <span>{formatPhoneInput(phone)}</span>
        </p>
        <Button variant="ghost" onClick={onEditPhone}>
          Изменить
        </Button>
      </div>

      <div className={waiting ? 'inbound__card' : 'inbound__card inbound__card--over'}>
        <PhoneIncoming className="inbound__icon" aria-hidden="true" />
        <h2 id="inbound-title" ref={headingRef} tabIndex={-1} className="inbound__title">
          Позвоните на этот номер
        </h2>
        {waiting ? (
          <a className="inbound__number" href={call.qr}>
            {call.number}
          </a>
        ) : (
          <p className="inbound__number">{call.number}</p>
        )}
        {waiting ? (
          <>
            <p className="inbound__hint">Когда мы увидим ваш звонок, вход выполнится сам.</p>
            <p className="inbound__timer">
              Позвоните в течение <span className="inbound__countdown">{formatCountdown(left)}</span>
            </p>
          </>
        ) : null}
      </div>

      {waiting ? (
        <p className="inbound__status" role="status">
          {state.note ?? 'Ждём ваш звонок…'}
        </p>
      ) : null}

      {waiting ? (
        <>
          <a className={buttonClassName({ variant: 'primary', block: true }, 'inbound__call')} href={call.qr}>
            <span className="button__icon">
              <Phone aria-hidden="true" />
            </span>
            <span className="button__label">Позвонить</span>
          </a>
          <CallQr uri={call.qr} number={call.number} />
        </>
      ) : (
        <div className="inbound__over">
          <p className="inbound__over-message" role="alert">
            {state.message}
          </p>
          <Button ref={restartRef} block onClick={onRestart}>
            Получить новый номер
          </Button>
        </div>
      )}
    </section>
  );
}

/**
 * SPEC 2 Sign-in, inbound: the number to call as a QR (its tel: URI), for a guest signing in on
 * a computer or a tablet who calls from their phone. uqr is loaded with this step only; until it
 * arrives the square keeps its place.
 */
function CallQr({ uri, number }: { uri: string; number: string }) {
  const [code, setCode] = useState<{ uri: string; size: number; path: string } | { uri: string; failed: true } | null>(
    null,
  );

  useEffect(() => {
    let cancelled = false;
    drawQr(uri)
      .then(({ size, path }) => {
        if (!cancelled) setCode({ uri, size, path });
      })
      .catch(() => {
        if (!cancelled) setCode({ uri, failed: true });
      });
    return () => {
      cancelled = true;
    };
  }, [uri]);

  const current = code?.uri === uri ? code : null;
  // Without the picture (its chunk did not load) the number and the call button still do the job.
  if (current && 'failed' in current) return null;
  return (
    <figure className="inbound__qr">
      <div className="inbound__qr-image">
        {current ? (
          <svg
            role="img"
            aria-label={`QR-код для звонка на номер ${number}`}
            viewBox={`0 0 ${current.size} ${current.size}`}
            shapeRendering="crispEdges"
          >
            <path d={current.path} fill="currentColor" />
          </svg>
        ) : null}
      </div>
      <figcaption className="inbound__qr-caption">Или отсканируйте QR-код камерой другого телефона</figcaption>
    </figure>
  );
}
