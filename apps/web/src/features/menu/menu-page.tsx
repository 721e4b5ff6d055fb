import { useAppState } from '../../state/store';
import { Screen } from '../../ui/screen';
import { SectionPreparing } from '../../ui/section-preparing';

/**
 * SPEC 2 Menu (/menu/{restoran_id}/{order_type} and /menu_list): the top bar names the
 * restaurant and, in kiosk mode, the table (", стол №n").
 */
export default function MenuPage() {
  const restaurantName = useAppState((state) => state.restaurant?.name || state.restaurant?.nameShort || '');
  const kiosk = useAppState((state) => state.kiosk);
  const table = useAppState((state) => state.checkout.table);
  const title = `${restaurantName || 'Меню'}${kiosk && table ? `, стол №${table}` : ''}`;
  return (
    <Screen title={title} menu>
      <SectionPreparing description="Здесь будут категории и блюда ресторана с ценами и кнопкой «Ваш заказ»." />
    </Screen>
  );
}
