import { Screen } from '../../ui/screen';
import { SectionPreparing } from '../../ui/section-preparing';

/** SPEC 2: BookingStep2 ('Подтверждение бронирования'); reached only with a period-from (guard). */
export default function BookingConfirmPage() {
  return (
    <Screen title="Подтверждение бронирования" back="/booking">
      <SectionPreparing description="Здесь можно будет проверить бронь, оставить комментарий и подтвердить её." />
    </Screen>
  );
}
