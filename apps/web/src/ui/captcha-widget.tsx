import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Button } from './button';
import { addVendorScript } from './vendor-script';

/** The part of the captcha service's global API (Yandex SmartCaptcha's window.smartCaptcha) the widget uses. */
export interface SmartCaptchaApi {
  render(container: HTMLElement, params: { sitekey: string; hl?: string; callback?: (token: string) => void }): number;
  reset(widgetId?: number): void;
  destroy(widgetId?: number): void;
  subscribe(widgetId: number, event: string, listener: () => void): () => void;
}

/** The global the service's script calls once its API is there (`?onload=`). */
const ONLOAD = '__chainCaptchaLoaded';
let loading: Promise<SmartCaptchaApi> | null = null;

/**
 * Adds the service's script once (`render=onload`: widgets are drawn where we say) and waits for
 * its onload call; a failed load is tried again by the next widget. Only a chain whose sign-in
 * shows the widget ever asks it (decision 061), so no other page loads a vendor's script.
 */
export function loadCaptchaScript(scriptUrl: string, doc: Document = document): Promise<SmartCaptchaApi> {
  loading ??= new Promise<SmartCaptchaApi>((resolve, reject) => {
    const scope = globalThis as { smartCaptcha?: SmartCaptchaApi; [ONLOAD]?: () => void };
    scope[ONLOAD] = () =>
      scope.smartCaptcha ? resolve(scope.smartCaptcha) : reject(new Error('captcha did not load'));
    addVendorScript(
      `${scriptUrl}${scriptUrl.includes('?') ? '&' : '?'}render=onload&onload=${ONLOAD}`,
      () => reject(new Error('captcha did not load')),
      doc,
    );
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

export interface CaptchaWidgetProps {
  sitekey: string;
  scriptUrl: string;
  /** The widget's token once passed; '' when it expired or was reset. */
  onToken: (token: string) => void;
  /** A new value resets the widget (a token is single use: a request that may have spent it needs a new one). */
  resetKey: number;
  className?: string;
}

/**
 * A captcha service's widget (decision 061) drawn into its own container: the guest passes it and
 * its callback gives the token the send call carries instead of a picture's digits. A script that
 * does not load says so, with a way to try again.
 */
export function CaptchaWidget({ sitekey, scriptUrl, onToken, resetKey, className }: CaptchaWidgetProps) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: SmartCaptchaApi; id: number } | null>(null);
  const tokenChanged = useEffectEvent((token: string) => onToken(token));
  // The try whose script did not load; a new try (the button) clears it.
  const [attempt, setAttempt] = useState(0);
  const [failedAttempt, setFailedAttempt] = useState<number | null>(null);
  const failed = failedAttempt === attempt;

  useEffect(() => {
    let cancelled = false;
    let unsubscribe = () => undefined as void;
    loadCaptchaScript(scriptUrl).then(
      (api) => {
        const element = container.current;
        if (cancelled || !element) return;
        const id = api.render(element, { sitekey, hl: 'ru', callback: (token) => tokenChanged(token) });
        unsubscribe = api.subscribe(id, 'token-expired', () => tokenChanged(''));
        widget.current = { api, id };
      },
      () => {
        if (!cancelled) setFailedAttempt(attempt);
      },
    );
    return () => {
      cancelled = true;
      unsubscribe();
      const drawn = widget.current;
      widget.current = null;
      drawn?.api.destroy(drawn.id);
    };
  }, [sitekey, scriptUrl, attempt]);

  const firstReset = useRef(resetKey);
  useEffect(() => {
    if (resetKey === firstReset.current) return;
    const drawn = widget.current;
    drawn?.api.reset(drawn.id);
    tokenChanged('');
  }, [resetKey]);

  return failed ? (
    <div className={className}>
      <p>Проверка «Я не робот» не загрузилась.</p>
      <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
        Попробовать ещё раз
      </Button>
    </div>
  ) : (
    <div ref={container} className={className} />
  );
}
