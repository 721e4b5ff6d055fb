import { useState } from 'react';
import { Armchair } from 'lucide-react';
import { useLocation } from 'wouter';
import { chooseTableByCode } from '../../api/tables';
import { cartStore, useCartState } from '../../state/store';
import { Button } from '../../ui/button';
import { TableCodeSheet } from '../../ui/table-code-sheet';

/**
 * The table the in-restaurant order goes to, given (or changed) by its code. `optional`: a
 * pre-order for a time, which may go without one (the guest names the order on arrival).
 */
export function TableChoice({ table, optional = false }: { table: string; optional?: boolean }) {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const cartRestaurant = useCartState((state) => state.cartRestaurantId);
  return (
    <section className="cart__block" aria-labelledby="cart-table">
      <h2 id="cart-table" className="cart__block-title">
        Стол
      </h2>
      {optional && !table ? (
        <p className="cart__hint">Стол можно не указывать: назовите номер заказа, когда придёте в ресторан.</p>
      ) : null}
      <Button variant="secondary" block icon={<Armchair />} onClick={() => setOpen(true)}>
        {table ? `Стол №${table} — сменить` : 'Указать номер стола'}
      </Button>
      <TableCodeSheet
        open={open}
        onClose={() => setOpen(false)}
        onSubmit={async (code) => {
          // A pre-order's time stays with its table: choosing the table forgets the time (a table
          // order is for now), so the time chosen for this restaurant is put back.
          const time = cartStore.getState().checkout.deliveryDateTime;
          const chosen = await chooseTableByCode(code);
          if (!chosen) return;
          setOpen(false);
          if (chosen.restaurantId === cartRestaurant && time)
            cartStore.getState().updateCheckout({ deliveryDateTime: time });
          // A table of another restaurant empties the cart (SPEC 4): its menu opens.
          if (chosen.restaurantId !== cartRestaurant)
            navigate(`/menu/${encodeURIComponent(chosen.restaurantId)}/inrest`);
        }}
      />
    </section>
  );
}
