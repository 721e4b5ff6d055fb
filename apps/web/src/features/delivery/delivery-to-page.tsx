import { Screen } from '../../ui/screen';
import { SectionPreparing } from '../../ui/section-preparing';

/** SPEC 2: Адрес доставки. */
export default function DeliveryToPage() {
  return (
    <Screen title="Адрес доставки" back>
      <SectionPreparing description="Здесь будут ваши сохранённые адреса и карта зон доставки." />
    </Screen>
  );
}
