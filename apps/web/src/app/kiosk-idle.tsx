import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { KIOSK_IDLE_QUESTION, kioskIdleTimes } from '@chain/domain';
import { useKioskGuestPresent } from '../state/kiosk-guest';
import { kioskStore, useKioskState } from '../state/store';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';
import type { KioskScreen } from './kiosk-screen';
import { useUpdate } from './service-worker';
import './kiosk-idle.css';

/** What a guest does at a kiosk; any of it means someone is there. */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

const continueHere = () => kioskStore.getState().setKioskIdleVisible(false);

/**
 * SPEC 4 / 9 Kiosk idle, mounted only in kiosk mode. On every screen but Home, and on Home too
 * while a guest left something there (kioskGuestPresent), it counts the time without a touch
 * (kioskIdleTimes: 15 s, 90 s on payment, ×3 in accessibility mode); then it asks «Вы ещё здесь?»
 * with a countdown. A touch anywhere on the overlay goes back to counting, and so does a new screen
 * (payment reaching Thanks by itself: the overlay goes and the new screen's own time starts); a
 * countdown left to run out starts the next guest clean on Home. Plain timers and Date.now, so a
 * test's fake clock (vitest's, Playwright's page.clock) drives them.
 */
export default function KioskIdle({ screen }: { screen: KioskScreen }) {
  const [path, navigate] = useLocation();
  const accessible = useKioskState((state) => state.kioskAccessible);
  const visible = useKioskState((state) => state.kioskIdleVisible);
  const guestPresent = useKioskGuestPresent();
  // A pay tap's order/create on its way: nobody is asked whether they are still here (a slow answer
  // would otherwise end the guest who is waiting for it); the count starts afresh when it comes.
  const placingOrder = useKioskState((state) => state.placingOrder);
  const times = screen ? kioskIdleTimes(screen, accessible, guestPresent) : null;
  const idleMs = times?.idleMs ?? null;
  const idles = times !== null;
  const showing = visible && idles;

  // Issue 18: a kiosk runs all day and nobody there taps «Обновить». A new version waiting is
  // taken by itself on Home once no guest is at the kiosk (after the idle reset, or before the
  // first guest), never under someone's order.
  const update = useUpdate();
  useEffect(() => {
    if (update && screen === 'home' && !guestPresent) update();
  }, [update, screen, guestPresent]);

  useEffect(() => {
    if (idleMs === null || visible || placingOrder) return;
    const fire = () => kioskStore.getState().setKioskIdleVisible(true);
    let timer = setTimeout(fire, idleMs);
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(fire, idleMs);
    };
    // Capture: a control that stops an event's propagation is still a touch.
    const options = { capture: true, passive: true } as const;
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, restart, options);
    return () => {
      clearTimeout(timer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, restart, options);
    };
    // A new screen (a tap, or payment moving to Thanks by itself) starts the count afresh.
  }, [idleMs, visible, path, placingOrder]);

  // The question was about the screen it came up on. A new one (payment polled to Thanks under the
  // overlay) hides it, so its countdown cannot end a guest who just paid; the count above then
  // starts afresh with the new screen's time.
  const pathSeen = useRef(path);
  useEffect(() => {
    if (pathSeen.current === path) return;
    pathSeen.current = path;
    if (kioskStore.getState().kioskIdleVisible) kioskStore.getState().setKioskIdleVisible(false);
  }, [path]);

  useEffect(() => {
    // A screen that does not idle (an empty Home, the start page) with the overlay up: nothing to ask there.
    if (visible && !idles) kioskStore.getState().setKioskIdleVisible(false);
  }, [visible, idles]);

  const endGuest = () => {
    kioskStore.getState().endKioskGuest();
    navigate('/', { replace: true });
  };

  return (
    <IdleOverlay open={showing} countdownS={times?.countdownS ?? 0} onContinue={continueHere} onTimeout={endGuest} />
  );
}

interface IdleOverlayProps {
  open: boolean;
  countdownS: number;
  onContinue: () => void;
  onTimeout: () => void;
}

function IdleOverlay({ open, countdownS, onContinue, onTimeout }: IdleOverlayProps) {
  const titleId = useId();
  const captionId = useId();
  return (
    <Modal
      open={open}
      placement="dialog"
      role="alertdialog"
      labelledBy={titleId}
      describedBy={captionId}
      className="kiosk-idle"
      onClose={onContinue}
    >
      {/* The whole card answers a touch, as the scrim around it does (Modal's closeOnScrim). */}
      <div className="kiosk-idle__card" onClick={onContinue}>
        <h2 id={titleId} className="kiosk-idle__question">
          {KIOSK_IDLE_QUESTION}
        </h2>
        <Countdown from={countdownS} onDone={onTimeout} />
        <p id={captionId} className="kiosk-idle__caption">
          Когда отсчёт дойдёт до нуля, выбор сбросится и киоск вернётся в начало.
        </p>
        <Button variant="primary" block data-autofocus="" className="kiosk-idle__continue" onClick={onContinue}>
          Продолжить
        </Button>
      </div>
    </Modal>
  );
}

/** Big numerals ticking each second; screen readers hear the time once, not every second. */
function Countdown({ from, onDone }: { from: number; onDone: () => void }) {
  const [left, setLeft] = useState(from);
  const [announcement] = useState(() => `Осталось ${from} с.`);

  const done = useEffectEvent(onDone);

  useEffect(() => {
    // Counted against the clock, not in ticks: a timer that fires late (a busy or throttled page,
    // a test's clock jumping forward) still shows the true time left and ends on time.
    const deadline = Date.now() + from * 1000;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const remainingMs = Math.max(0, deadline - Date.now());
      const seconds = Math.ceil(remainingMs / 1000);
      setLeft(seconds);
      if (seconds === 0) {
        done();
        return;
      }
      // The next whole second of the count.
      timer = setTimeout(tick, remainingMs - (seconds - 1) * 1000);
    };
    timer = setTimeout(tick, 1000);
    return () => clearTimeout(timer);
  }, [from]);

  return (
    <>
      <p className="kiosk-idle__count" aria-hidden="true">
        {left}
      </p>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </>
  );
}
