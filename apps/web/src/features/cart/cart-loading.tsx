import { Screen } from '../../ui/screen';
import { Skeleton } from '../../ui/skeleton';

/** The cart while what it shows is still on its way: its title and grey lines, said to screen readers. */
export function CartLoading({ title }: { title: string }) {
  return (
    <Screen title={title} back busy>
      <span className="visually-hidden" role="status">
        Загружаем корзину…
      </span>
      <div className="cart" aria-hidden="true">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height="4.5rem" className="cart__skeleton" />
        ))}
      </div>
    </Screen>
  );
}
