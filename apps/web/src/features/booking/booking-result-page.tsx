import { Screen } from '../../ui/screen';
import { SectionPreparing } from '../../ui/section-preparing';

/** SPEC 2: Бронирование. */
export default function BookingResultPage() {
  return (
    <Screen title="Бронирование" menu>
      <SectionPreparing description="Здесь будут время до конца брони и кнопки продления и отмены." />
    </Screen>
  );
}
