import { formatMoney } from '@chain/domain';
import type { ReactNode } from 'react';
import { zoneStyle } from '../../ui/map/map-view';
import type { ZoneRow } from './about-model';

const COLUMNS = { min: 'Заказ от', price: 'Доставка', free: 'Бесплатно от' } as const;

/**
 * The zones of one restaurant from the live restaurant list (decision 024): name and delivery
 * hours, minimum order, delivery price, free delivery from. Never typed by hand, so it cannot
 * drift from what the checkout charges. A real table for assistive technology; on the phone each
 * zone is laid out as a small card (the name above, the three sums side by side, each labelled).
 */
export function ZoneTable({ zones, caption, detail }: { zones: readonly ZoneRow[]; caption: string; detail?: string }) {
  return (
    <table className="zone-table">
      <caption className="zone-table__caption">
        {caption}
        {detail ? <span className="zone-table__caption-detail">{detail}</span> : null}
      </caption>
      <thead className="zone-table__head">
        <tr>
          <th scope="col">Зона</th>
          <th scope="col">{COLUMNS.min}</th>
          <th scope="col">{COLUMNS.price}</th>
          <th scope="col">{COLUMNS.free}</th>
        </tr>
      </thead>
      <tbody>
        {zones.map((zone) => (
          <tr key={zone.key} className="zone-table__row" data-zone-id={zone.zoneId}>
            <th scope="row" className="zone-table__zone">
              <span className="zone-table__name">
                <span
                  className="zone-table__swatch"
                  style={{ background: zoneStyle(zone.color).fill }}
                  aria-hidden="true"
                />
                {zone.name}
              </span>
              <span className="zone-table__hours">{zone.hours ?? 'По готовности, в часы работы ресторана'}</span>
            </th>
            <Cell name="min" value={formatMoney(zone.minOrder)}>
              {zone.minOrderShop !== zone.minOrder ? (
                <span className="zone-table__note">с товарами магазина {formatMoney(zone.minOrderShop)}</span>
              ) : null}
            </Cell>
            <Cell name="price" value={zone.deliveryPrice === 0 ? 'Бесплатно' : formatMoney(zone.deliveryPrice)} />
            <Cell name="free" value={zone.freeFrom === null ? 'нет' : formatMoney(zone.freeFrom)} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A sum with its column's name shown above it (the header cell already names it to assistive technology). */
function Cell({ name, value, children }: { name: keyof typeof COLUMNS; value: string; children?: ReactNode }) {
  return (
    <td className="zone-table__cell" data-cell={name}>
      <span className="zone-table__label" aria-hidden="true">
        {COLUMNS[name]}
      </span>
      <span className="zone-table__value">{value}</span>
      {children}
    </td>
  );
}
