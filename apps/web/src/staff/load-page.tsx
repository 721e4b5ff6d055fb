import { type FormEvent, useState } from 'react';
import { staffLoadCall, staffSetLoadCall } from '@chain/contract';
import { failureText, staffCall } from './api';
import { useStaffData } from './use-staff-data';
import { NotLoaded, StaffError } from './staff-error';

/** The load and average time guests see (issue 17): set by hand for a few hours, or computed from orders. */
export function LoadPage({ restaurantId }: { restaurantId: number }) {
  const load = useStaffData(() => staffCall(staffLoadCall, { params: { id: restaurantId } }), `load-${restaurantId}`);
  const [percent, setPercent] = useState('');
  const [minutes, setMinutes] = useState('');
  const [hours, setHours] = useState('4');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!load.data) return <NotLoaded error={load.error} loading="Загружаем…" onRetry={load.reload} />;
  const save = async (body: Parameters<typeof staffCall<typeof staffSetLoadCall>>[1]) => {
    setBusy(true);
    setError(null);
    try {
      load.set(await staffCall(staffSetLoadCall, body, { params: { id: restaurantId } }));
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save({
      load_percent: Number(percent),
      ...(minutes ? { avg_minutes: Number(minutes) } : {}),
      hours: Number(hours),
    });
  };
  const { manual } = load.data;
  return (
    <div className="load-page">
      <h1>Загрузка</h1>
      <p className="load-page__now">
        Гости видят: <strong>{load.data.load_percent}%</strong>, среднее время{' '}
        <strong>{load.data.avg_minutes} мин</strong>
        {manual
          ? ` — задано вручную (${manual.set_by}) до ${new Date(manual.until).toLocaleTimeString('ru-RU', { hour: '2-digit', minute: '2-digit' })}`
          : ' — по заказам'}
      </p>
      <form className="staff-card load-page__form" onSubmit={submit}>
        <label className="staff-field">
          <span>Загрузка, %</span>
          <input
            type="number"
            min={0}
            max={100}
            required
            value={percent}
            onChange={(event) => setPercent(event.target.value)}
          />
        </label>
        <label className="staff-field">
          <span>Среднее время, мин</span>
          <input type="number" min={1} max={240} value={minutes} onChange={(event) => setMinutes(event.target.value)} />
        </label>
        <label className="staff-field">
          <span>Действует, часов</span>
          <input
            type="number"
            min={1}
            max={12}
            required
            value={hours}
            onChange={(event) => setHours(event.target.value)}
          />
        </label>
        <StaffError text={error} />
        <button type="submit" className="staff-button staff-button--primary" aria-busy={busy || undefined}>
          Задать
        </button>
        {manual ? (
          <button
            type="button"
            className="staff-button staff-button--secondary"
            onClick={() => void save({ load_percent: null })}
          >
            Считать по заказам
          </button>
        ) : null}
      </form>
    </div>
  );
}
