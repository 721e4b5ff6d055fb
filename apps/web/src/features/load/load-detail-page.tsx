import { Screen } from '../../ui/screen';
import { SectionPreparing } from '../../ui/section-preparing';

/** SPEC 2: Загруженность ресторана. */
export default function LoadDetailPage() {
  return (
    <Screen title="Загруженность ресторана" back="/zagruzka/rest_list">
      <SectionPreparing description="Здесь будут загрузка кухни, среднее время ожидания и стоп-лист." />
    </Screen>
  );
}
