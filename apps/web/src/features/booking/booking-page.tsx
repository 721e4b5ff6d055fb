import { Screen } from '../../ui/screen';
import { SectionPreparing } from '../../ui/section-preparing';

/** SPEC 2: Бронирование стола. */
export default function BookingPage() {
  return (
    <Screen title="Бронирование стола" menu>
      <SectionPreparing description="Здесь можно будет выбрать ресторан, дату, время и число гостей." />
    </Screen>
  );
}
