import { useState } from 'react';
import { Armchair } from 'lucide-react';
import { useLocation } from 'wouter';
import { chooseTableByCode } from '../../api/tables';
import { useAppState } from '../../state/store';
import { Button } from '../../ui/button';
import { TableCodeSheet } from '../../ui/table-code-sheet';

/** The table the in-restaurant order goes to, given (or changed) by its code. */
export function TableChoice({ table }: { table: string }) {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const cartRestaurant = useAppState((state) => state.cartRestaurantId);
  return (
    <section className="cart__block" aria-labelledby="cart-table">
      <h2 id="cart-table" className="cart__block-title">
        Стол
      </h2>
      <Button variant="secondary" block icon={<Armchair />} onClick={() => setOpen(true)}>
        {table ? `Стол №${table} — сменить` : 'Указать номер стола'}
      </Button>
      <TableCodeSheet
        open={open}
        onClose={() => setOpen(false)}
        onSubmit={async (code) => {
          const chosen = await chooseTableByCode(code);
          if (!chosen) return;
          setOpen(false);
          // A table of another restaurant empties the cart (SPEC 4): its menu opens.
          if (chosen.restaurantId !== cartRestaurant) navigate(`/menu/${encodeURIComponent(chosen.restaurantId)}/inrest`);
        }}
      />
    </section>
  );
}
