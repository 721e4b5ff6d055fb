import { MAX_EXTRA_COUNT } from '@chain/contract';
import { chargedCount, formatMoney, type PhotoSlot } from '@chain/domain';
import type { CutleryItem, RecommendedItem } from '../../api/order';
import { cartStore } from '../../state/store';
import { MenuPhoto } from '../../ui/menu-photo';
import { Stepper } from '../../ui/stepper';

/** A suggestion's square photo: 4rem (cart-page.css). */
const SUGGESTION_PHOTO: PhotoSlot = { kind: 'box', rem: 4, aspect: 1 };

/**
 * SPEC 2 Cart extras with the guest's counts (use-cart-extras.ts): the items to add, the
 * recommendations, then the cutlery; each count is kept with the checkout.
 */
export function CartExtras({
  cutlery,
  recommended,
}: {
  cutlery: readonly CutleryItem[];
  recommended: readonly RecommendedItem[];
}) {
  return (
    <>
      <RecommendedBlock
        id="cart-add"
        title="Добавить к заказу"
        items={recommended.filter((item) => item.separated === 0)}
      />
      <RecommendedBlock
        id="cart-recommended"
        title="Рекомендуем"
        items={recommended.filter((item) => item.separated === 1)}
      />

      {cutlery.length > 0 ? (
        <section className="cart__block" aria-labelledby="cart-cutlery">
          <h2 id="cart-cutlery" className="cart__block-title">
            Приборы
          </h2>
          {cutlery.map((item) => (
            <CutleryRow
              key={item.id}
              item={item}
              onChange={(cnt) => cartStore.getState().setExtraCount('pribors', item.id, cnt)}
            />
          ))}
        </section>
      ) : null}
    </>
  );
}

/**
 * Recommended items of one kind (sauces apart from drinks and desserts) as a row of small cards
 * that scrolls sideways, so suggestions never push the totals far down; nothing when none is offered.
 */
function RecommendedBlock({ id, title, items }: { id: string; title: string; items: RecommendedItem[] }) {
  if (items.length === 0) return null;
  return (
    <section className="cart__block" aria-labelledby={id}>
      <h2 id={id} className="cart__block-title">
        {title}
      </h2>
      <ul className="cart__suggestions">
        {items.map((item) => (
          <li key={item.id} className="cart__suggestion">
            <MenuPhoto
              className="cart__suggestion-photo"
              src={item.img}
              alt=""
              width={64}
              height={64}
              slot={SUGGESTION_PHOTO}
              loading="lazy"
            />
            <span className="cart__suggestion-name">{item.name}</span>
            <span className="cart__hint">{extraPricing(item).join(', ')}</span>
            <Stepper
              value={item.cnt}
              min={0}
              max={MAX_EXTRA_COUNT}
              label={item.name}
              onChange={(cnt) => cartStore.getState().setExtraCount('recommended', item.id, cnt)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** '40 г', 'бесплатно 1 шт.', 'далее 50,00 ₽': what is free and what each one more costs (SPEC 5). */
function extraPricing(item: Pick<CutleryItem, 'price' | 'free_cnt'> & { weight?: string }): string[] {
  return [
    item.weight ?? '',
    item.free_cnt > 0 ? `бесплатно ${item.free_cnt} шт.` : '',
    item.price > 0 ? `${item.free_cnt > 0 ? 'далее ' : ''}${formatMoney(item.price)}` : '',
  ].filter(Boolean);
}

/** A cutlery item: what is free, what each one more costs, and its count within 0..max (SPEC 5). */
function CutleryRow({ item, onChange }: { item: CutleryItem; onChange: (cnt: number) => void }) {
  const charged = chargedCount(item);
  return (
    <div className="cart__option cart__option--row">
      <span className="cart__option-text">
        <span>{item.name}</span>
        <span className="cart__hint">
          {extraPricing(item).join(', ')}
          {charged > 0 ? ` · ${formatMoney(charged * item.price)}` : ''}
        </span>
      </span>
      <Stepper value={item.cnt} min={0} max={item.max} label={item.name} onChange={onChange} />
    </div>
  );
}
