import { Screen } from '../../ui/screen';
import { SectionPreparing } from '../../ui/section-preparing';

/** SPEC 2: Блюдо. */
export default function ProductPage() {
  return (
    <Screen title="Блюдо" back>
      <SectionPreparing description="Здесь будут фото блюда, состав, время приготовления и опции." />
    </Screen>
  );
}
