import { HandCoins } from 'lucide-react';
import type { OrderView } from '@chain/contract';
import { TIPS_HINT, TIPS_NEW_TAB_NOTE, TIPS_TITLE, tipsChoices } from '@chain/domain';
import { useQuery } from '../../api/query-cache';
import { settingsQuery } from '../../api/settings';
import { buttonClassName } from '../../ui/button';
import './order-tips.css';

/**
 * The order's tips (SPEC 4: for a paid order with a tips_id): the preset amounts of the settings'
 * tips_volume, each a link to the tips service's page for this order and amount (SPEC 7; the
 * link rule is the domain's tipsLink), opened in a new tab so the order page stays. Nothing shows
 * for an unpaid order, one without a tips_id, or while the settings are not at hand: tips are
 * never in the way of the order.
 */
export function OrderTips({ order }: { order: Pick<OrderView, 'paid' | 'tips_id'> }) {
  const settings = useQuery(settingsQuery);
  if (settings.status !== 'ready') return null;
  const choices = tipsChoices(order, settings.data.tips_url, settings.data.tips_volume);
  if (choices.length === 0) return null;
  return (
    <section className="order-tips" aria-labelledby="order-tips-title" data-testid="order-tips">
      <h2 id="order-tips-title" className="order-tips__title">
        <HandCoins aria-hidden="true" />
        {TIPS_TITLE}
      </h2>
      <p className="order-tips__hint">{TIPS_HINT}</p>
      <ul className="order-tips__amounts">
        {choices.map((choice) => (
          <li key={`${choice.sum}-${choice.text}`}>
            <a
              className={buttonClassName({ variant: 'secondary', block: true })}
              href={choice.href}
              target="_blank"
              rel="noopener noreferrer"
            >
              <span className="button__label">
                {choice.text}
                <span className="visually-hidden"> ({TIPS_NEW_TAB_NOTE})</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
