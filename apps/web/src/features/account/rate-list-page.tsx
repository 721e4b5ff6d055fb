import { Screen } from '../../ui/screen';
import { SectionPreparing } from '../../ui/section-preparing';

/** SPEC 2: Мои оценки. */
export default function RateListPage() {
  return (
    <Screen title="Мои оценки" menu>
      <SectionPreparing description="Здесь будут ваши оценки заказов и блюд." />
    </Screen>
  );
}
