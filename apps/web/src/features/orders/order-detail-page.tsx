import { Screen } from '../../ui/screen';
import { SectionPreparing } from '../../ui/section-preparing';

/** SPEC 2: Заказ. */
export default function OrderDetailPage() {
  return (
    <Screen title="Заказ" back="/order_list">
      <SectionPreparing description="Здесь будут ход заказа, состав, чек, оценка и чаевые." />
    </Screen>
  );
}
