import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  BACKOFFICE_TEXTS,
  orderRefunds,
  recentRefund,
  staffOrderRefundsCall,
  staffRefundEventsCall,
  staffRefundOrderCall,
  staffRetryRefundCall,
  type OrderRefunds,
  type RefundEntry,
} from '@chain/contract';
import { formatMoney, REFUND_TEXTS } from '@chain/domain';
import { ApiError } from '../../api/api-error';
import { failureText, staffCall } from '../api';
import { StaffError } from '../staff-error';
import { useStaffEvents } from '../use-staff-events';
import { liveRefundsChange, pressKey, refundOffer, unitsLeft, type RefundChoice } from './refund-model';

/**
 * «Отменить с возвратом» (issue 31, decision 050): the order's lines, the whole order or chosen
 * units, the sum the domain's rule gives shown before the manager confirms, then the refunds'
 * states (a failed one with «Повторить»). One key per choice: a double tap or a retry after a
 * lost answer is the same refund; a refund made meanwhile by someone else answers with the order
 * as it is now, shown here at once. It follows the refunds' stream (decision 055): the bank's
 * answer to a refund shows without a reload, the choice in progress kept; a refund someone else
 * made starts the choice afresh, in the words of a 409.
 */
export function RefundDialog({
  orderId,
  znumber,
  onClose,
  onChanged,
}: {
  orderId: number;
  znumber: string;
  onClose: () => void;
  onChanged?: () => void;
}) {
  const titleId = useId();
  const [view, setView] = useState<OrderRefunds | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [full, setFull] = useState(true);
  const [counts, setCounts] = useState<ReadonlyMap<number, number>>(new Map());
  const key = useRef(pressKey());
  const dialog = useRef<HTMLDivElement>(null);
  /** What is shown, for the stream's comparison; a press in flight, whose answer is newer than a read begun meanwhile. */
  const shown = useRef<OrderRefunds | null>(null);
  const pressing = useRef(false);
  const heardWhilePressing = useRef(false);
  /** Reads begun: an answer of an older read than the last one (or than a press's answer shown since) is dropped. */
  const reads = useRef(0);
  const show = useCallback((next: OrderRefunds) => {
    reads.current += 1;
    shown.current = next;
    setView(next);
  }, []);
  /** The order's refunds read afresh; null when a newer read began or a newer answer was shown meanwhile. */
  const read = useCallback(async (): Promise<OrderRefunds | null> => {
    const mine = ++reads.current;
    const answer = await staffCall(staffOrderRefundsCall, { params: { id: orderId } });
    return mine === reads.current ? answer : null;
  }, [orderId]);

  const load = useCallback(() => {
    read().then(
      (answer) => {
        if (!answer) return;
        show(answer);
        setFull(answer.order.cancellable);
        setError(null);
      },
      (failure: unknown) => setError(failureText(failure)),
    );
  }, [read, show]);

  /** The order's figures read again after a refund event of this order (or a reconnect). */
  const follow = useCallback(() => {
    if (pressing.current) {
      heardWhilePressing.current = true;
      return;
    }
    read().then(
      (fresh) => {
        if (!fresh) return;
        if (pressing.current) {
          heardWhilePressing.current = true;
          return;
        }
        const before = shown.current;
        show(fresh);
        if (before && liveRefundsChange(before, fresh) === 'choose-again') {
          key.current = pressKey();
          setCounts(new Map());
          setFull(fresh.order.cancellable);
          setNotice(BACKOFFICE_TEXTS.staleVersion);
        }
      },
      () => {
        // The figures shown stay; the next event or reconnection reads them again.
      },
    );
  }, [read, show]);
  useStaffEvents({
    path: staffRefundEventsCall.path,
    event: 'refund',
    schema: recentRefund,
    onEvent: (refund) => {
      if (refund.order_id === orderId) follow();
    },
    onReconnect: follow,
  });
  const pressed = () => {
    pressing.current = false;
    if (heardWhilePressing.current) {
      heardWhilePressing.current = false;
      follow();
    }
  };

  useEffect(() => {
    load();
    dialog.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [load, onClose]);

  const choose = (next: RefundChoice) => {
    key.current = pressKey();
    setNotice(null);
    setFull(next.full);
    if (!next.full) setCounts(next.counts);
  };

  const choice: RefundChoice = full ? { full: true } : { full: false, counts };
  const offer = view ? refundOffer(view, choice) : null;

  const confirm = async () => {
    if (!view || !offer || 'message' in offer || busy) return;
    pressing.current = true;
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const answer = await staffCall(
        staffRefundOrderCall,
        {
          key: key.current,
          full,
          lines: full ? [] : [...counts].filter(([, cnt]) => cnt > 0).map(([id, cnt]) => ({ id, cnt })),
          refunded: view.order.refunded,
          amount: offer.amount,
        },
        { params: { id: orderId } },
      );
      key.current = pressKey();
      setCounts(new Map());
      show(answer.refunds);
      setFull(false);
      onChanged?.();
    } catch (failure) {
      const current =
        failure instanceof ApiError && failure.code === 'stale_version'
          ? orderRefunds.safeParse((failure.body as { current?: unknown } | undefined)?.current)
          : null;
      if (current?.success) {
        key.current = pressKey();
        show(current.data);
        setCounts(new Map());
        setFull(current.data.order.cancellable);
        setNotice(failureText(failure));
        onChanged?.();
      } else setError(failureText(failure));
    } finally {
      setBusy(false);
      pressed();
    }
  };

  const retry = async (refund: RefundEntry) => {
    pressing.current = true;
    setBusy(true);
    setError(null);
    try {
      show(await staffCall(staffRetryRefundCall, { params: { id: orderId, refundId: refund.id } }));
      onChanged?.();
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
      pressed();
    }
  };

  return (
    <div className="refund-dialog__backdrop">
      <div
        ref={dialog}
        className="refund-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <h2 id={titleId} className="refund-dialog__title">
          Возврат по заказу {znumber}
        </h2>
        <StaffError text={error} />
        {notice ? (
          <p className="staff-error" role="status">
            {notice}
          </p>
        ) : null}
        {view === null ? (
          <p className="staff-empty">{error ? '' : 'Загружаем заказ…'}</p>
        ) : (
          <>
            <p className="refund-dialog__paid">
              Оплачено {formatMoney(view.order.sum)} {view.order.pay_method === 'sbp' ? 'по СБП' : 'картой'}
              {view.order.refunded > 0 ? ` · возвращено ${formatMoney(view.order.refunded)}` : ''} ·{' '}
              {view.order.status_text}
            </p>
            {view.order.refundable ? (
              <fieldset className="refund-dialog__choice">
                <legend>Что вернуть</legend>
                <label className="staff-check">
                  <input
                    type="radio"
                    name={`${titleId}-mode`}
                    checked={full}
                    disabled={!view.order.cancellable}
                    onChange={() => choose({ full: true })}
                  />
                  <span>Весь заказ и отменить его{view.order.delivery > 0 ? ' (с доставкой)' : ''}</span>
                </label>
                <label className="staff-check">
                  <input
                    type="radio"
                    name={`${titleId}-mode`}
                    checked={!full}
                    onChange={() => choose({ full: false, counts })}
                  />
                  <span>Выбрать позиции (заказ продолжается)</span>
                </label>
                {!full ? (
                  <ul className="refund-dialog__lines">
                    {view.lines.map((line) => {
                      const left = unitsLeft(line);
                      const chosen = counts.get(line.id) ?? 0;
                      const set = (cnt: number) =>
                        choose({ full: false, counts: new Map(counts).set(line.id, Math.max(0, Math.min(left, cnt))) });
                      return (
                        <li key={line.id} className="refund-dialog__line">
                          <span className="refund-dialog__name">
                            {line.name}
                            <span className="refund-dialog__meta">
                              {' '}
                              · {line.cnt} шт. · {formatMoney(line.line_sum)}
                              {line.refunded_cnt > 0 ? ` · возвращено ${line.refunded_cnt}` : ''}
                            </span>
                          </span>
                          <span
                            className="refund-dialog__stepper"
                            role="group"
                            aria-label={`${line.name}: вернуть штук`}
                          >
                            <button
                              type="button"
                              className="staff-button staff-button--secondary"
                              disabled={chosen === 0}
                              aria-label={`Меньше: ${line.name}`}
                              onClick={() => set(chosen - 1)}
                            >
                              −
                            </button>
                            <output aria-live="polite">{chosen}</output>
                            <button
                              type="button"
                              className="staff-button staff-button--secondary"
                              disabled={chosen >= left}
                              aria-label={`Больше: ${line.name}`}
                              onClick={() => set(chosen + 1)}
                            >
                              +
                            </button>
                          </span>
                        </li>
                      );
                    })}
                  </ul>
                ) : null}
              </fieldset>
            ) : (
              <p className="staff-empty">{REFUND_TEXTS.nothingLeft}</p>
            )}
            {view.order.refundable ? (
              <p className="refund-dialog__sum" aria-live="polite">
                {offer && 'amount' in offer ? `К возврату: ${formatMoney(offer.amount)}` : (offer?.message ?? '')}
              </p>
            ) : null}
            {view.order.discount !== 0 ? (
              <p className="refund-dialog__hint">
                Скидка по купону возвращается вместе с позицией, доставка — только при отмене всего заказа.
              </p>
            ) : null}
            {view.refunds.length > 0 ? (
              <section aria-label="Возвраты по заказу">
                <h3 className="refund-dialog__subtitle">Возвраты</h3>
                <ul className="refund-dialog__refunds">
                  {view.refunds.map((refund) => (
                    <li key={refund.id} className={`refund-dialog__refund refund-dialog__refund--${refund.status}`}>
                      <span>
                        {formatMoney(refund.amount)} · {refund.full ? 'весь заказ' : 'позиции'} ·{' '}
                        <strong>{refund.status_text}</strong>
                        {refund.mailed ? ' · гостю отправлено письмо' : ''}
                      </span>
                      {refund.status === 'failed' ? (
                        <>
                          <span className="refund-dialog__failure">{refund.failure}</span>
                          <button
                            type="button"
                            className="staff-button staff-button--secondary"
                            aria-busy={busy || undefined}
                            onClick={() => void retry(refund)}
                          >
                            Повторить
                          </button>
                        </>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        )}
        <div className="staff-savebar">
          {view?.order.refundable ? (
            <button
              type="button"
              className="staff-button staff-button--danger"
              disabled={!offer || !('amount' in offer)}
              aria-busy={busy || undefined}
              onClick={() => void confirm()}
            >
              {offer && 'amount' in offer
                ? `${full ? 'Отменить и вернуть' : 'Вернуть'} ${formatMoney(offer.amount)}`
                : 'Вернуть'}
            </button>
          ) : null}
          <button type="button" className="staff-button staff-button--secondary" onClick={onClose}>
            Закрыть
          </button>
        </div>
        {view?.order.refundable ? (
          <p className="refund-dialog__hint">
            {view.order.email
              ? `Гость получит письмо на ${view.order.email}, когда банк вернёт деньги.`
              : 'Гость увидит возврат на странице заказа.'}
          </p>
        ) : null}
      </div>
    </div>
  );
}
