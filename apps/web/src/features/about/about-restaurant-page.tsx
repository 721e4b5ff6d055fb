import { Screen } from '../../ui/screen';
import { SectionPreparing } from '../../ui/section-preparing';

/** SPEC 2: О ресторане. */
export default function AboutRestaurantPage() {
  return (
    <Screen title="О ресторане" back>
      <SectionPreparing description="Здесь будут адрес, телефон, часы работы и зоны доставки ресторана." />
    </Screen>
  );
}
