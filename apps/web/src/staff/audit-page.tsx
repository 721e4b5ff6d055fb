import { useEffect, useState } from 'react';
import { MENU_AUDIT_ACTIONS, STAFF_AUDIT_PAGE_SIZE, staffAuditCall, type StaffAuditEntry } from '@chain/contract';
import { failureText, staffCall } from './api';
import { StaffError } from './staff-error';

const ACTIONS: Record<string, string> = {
  'order.status': 'Статус заказа',
  'stop_list.dish': 'Стоп-лист: блюдо',
  'stop_list.option': 'Стоп-лист: опция',
  'dish.lock': 'Код доступа блюда',
  'load.set': 'Загрузка',
  'booking.status': 'Бронь',
  'guest.flags': 'Флаги гостя',
  'staff.sign_in': 'Вход',
  'staff.sign_out': 'Выход',
  'cutlery.create': 'Прибор добавлен',
  'cutlery.save': 'Прибор изменён',
  'recommended.create': 'Рекомендация добавлена',
  'recommended.save': 'Рекомендация изменена',
  ...MENU_AUDIT_ACTIONS,
};

const shown = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

/** The audit log for managers (issue 17): who did what, when, before and after; newest first, «Ещё» for older. */
export function AuditPage() {
  const [entries, setEntries] = useState<StaffAuditEntry[]>([]);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const more = async (beforeId: number | null) => {
    setError(null);
    try {
      const page = await staffCall(staffAuditCall, { before_id: beforeId });
      setEntries((current) => (beforeId === null ? page.entries : [...current, ...page.entries]));
      if (page.entries.length < STAFF_AUDIT_PAGE_SIZE) setDone(true);
    } catch (failure) {
      setError(failureText(failure));
    }
  };
  useEffect(() => {
    staffCall(staffAuditCall, { before_id: null }).then(
      (page) => {
        setEntries(page.entries);
        if (page.entries.length < STAFF_AUDIT_PAGE_SIZE) setDone(true);
      },
      (failure: unknown) => setError(failureText(failure)),
    );
  }, []);
  return (
    <div className="audit-page">
      <h1>Журнал действий</h1>
      <StaffError text={error} />
      <table className="audit-page__table">
        <thead>
          <tr>
            <th scope="col">Когда</th>
            <th scope="col">Кто</th>
            <th scope="col">Что</th>
            <th scope="col">Было</th>
            <th scope="col">Стало</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{new Date(entry.at).toLocaleString('ru-RU')}</td>
              <td>{entry.staff.name}</td>
              <td>
                {ACTIONS[entry.action] ?? entry.action} · {entry.target}
              </td>
              <td>{shown(entry.before)}</td>
              <td>{shown(entry.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {!done && entries.length > 0 ? (
        <button
          type="button"
          className="staff-button staff-button--secondary"
          onClick={() => void more(entries.at(-1)?.id ?? null)}
        >
          Ещё
        </button>
      ) : null}
    </div>
  );
}
