import { staffTablesCall } from '@chain/contract';
import { QrCode } from '../ui/qr-code';
import { staffCall } from './api';
import { useStaffData } from './use-staff-data';
import { NotLoaded } from './staff-error';

/** A printable page of the restaurant's table QR codes with their typed codes (issue 17; SPEC 2 Restaurant option). */
export function TablesPage({ restaurantId }: { restaurantId: number }) {
  const tables = useStaffData(
    () => staffCall(staffTablesCall, { params: { id: restaurantId } }),
    `tables-${restaurantId}`,
  );
  if (!tables.data) return <NotLoaded error={tables.error} loading="Загружаем столы…" onRetry={tables.reload} />;
  return (
    <div className="tables-page">
      <div className="tables-page__intro">
        <h1>QR-коды столов</h1>
        <p>Гость наводит камеру на код — открывается заказ за этим столом. Код под QR можно ввести вручную.</p>
        <button type="button" className="staff-button staff-button--primary" onClick={() => window.print()}>
          Распечатать
        </button>
      </div>
      <ul className="tables-page__grid">
        {tables.data.tables.map((table) => (
          <li key={table.id} className="tables-page__sheet">
            <p className="tables-page__restaurant">{tables.data?.restaurant.name}</p>
            <QrCode value={table.link} label={`QR-код стола ${table.num}`} className="tables-page__qr" />
            <p className="tables-page__num">Стол {table.num}</p>
            <p className="tables-page__code">{table.code}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
