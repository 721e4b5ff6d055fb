import { useCallback, useEffect, useState } from 'react';
import { recentRefund, staffRecentRefundsCall, staffRefundEventsCall, type RecentRefund } from '@chain/contract';
import { formatMoney } from '@chain/domain';
import { failureText, staffCall } from '../api';
import type { ManageScreenProps } from '../manage/areas';
import { NotLoaded } from '../staff-error';
import { useStaffEvents } from '../use-staff-events';
import { RefundDialog } from './refund-dialog';
import { withRecentRefund } from './refund-model';

/**
 * «Возвраты» (issue 31, decision 050): the newest refunds of the manager's restaurants, the ones
 * the bank did not return first, each opening its order's refund dialog (with «Повторить»). It
 * follows the refunds' stream (decision 055): the bank's answer, and a refund another manager
 * makes, show without a reload.
 */
export default function RefundsArea(_props: ManageScreenProps) {
  const [refunds, setRefunds] = useState<RecentRefund[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<RecentRefund | null>(null);

  const load = useCallback(() => {
    staffCall(staffRecentRefundsCall).then(
      (answer) => {
        setRefunds(answer.refunds);
        setError(null);
      },
      (failure: unknown) => setError(failureText(failure)),
    );
  }, []);
  useEffect(load, [load]);
  useStaffEvents({
    path: staffRefundEventsCall.path,
    event: 'refund',
    schema: recentRefund,
    onEvent: (refund) => setRefunds((current) => (current === null ? current : withRecentRefund(current, refund))),
    onReconnect: load,
  });

  return (
    <section aria-labelledby="refunds-title">
      <h1 id="refunds-title">Возвраты</h1>
      {refunds === null ? (
        <NotLoaded error={error} loading="Загружаем возвраты…" onRetry={load} />
      ) : refunds.length === 0 ? (
        <p className="staff-empty">Возвратов пока не было.</p>
      ) : (
        <table className="audit-page__table refunds-area__table">
          <thead>
            <tr>
              <th scope="col">Заказ</th>
              <th scope="col">Ресторан</th>
              <th scope="col">Сумма</th>
              <th scope="col">Состояние</th>
              <th scope="col">Когда, кто</th>
              <th scope="col">
                <span className="staff-visually-hidden">Действие</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {refunds.map((refund) => (
              <tr key={refund.id} className={`refunds-area__row--${refund.status}`}>
                <td>
                  {refund.znumber}
                  <br />
                  <span className="refund-dialog__meta">{refund.full ? 'весь заказ' : 'позиции'}</span>
                </td>
                <td>{refund.restaurant_name}</td>
                <td className="refunds-area__nowrap">{formatMoney(refund.amount)}</td>
                <td>
                  <strong>{refund.status_text}</strong>
                  {refund.failure ? <div className="refund-dialog__failure">{refund.failure}</div> : null}
                </td>
                <td>
                  {new Date(refund.created_at).toLocaleString('ru-RU', {
                    day: '2-digit',
                    month: '2-digit',
                    hour: '2-digit',
                    minute: '2-digit',
                  })}
                  {refund.staff_name ? `, ${refund.staff_name}` : ''}
                </td>
                <td className="refunds-area__nowrap">
                  <button
                    type="button"
                    className="staff-button staff-button--secondary"
                    aria-label={`Открыть возврат по заказу ${refund.znumber}`}
                    onClick={() => setOpen(refund)}
                  >
                    Открыть
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {open ? (
        <RefundDialog
          orderId={open.order_id}
          znumber={open.znumber}
          onClose={() => {
            setOpen(null);
            load();
          }}
        />
      ) : null}
    </section>
  );
}
