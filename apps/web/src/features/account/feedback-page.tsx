import { Screen } from '../../ui/screen';
import { SectionPreparing } from '../../ui/section-preparing';

/** SPEC 2: Обратная связь. */
export default function FeedbackPage() {
  return (
    <Screen title="Обратная связь" menu>
      <SectionPreparing description="Здесь можно будет написать нам: вопрос, пожелание или жалобу." />
    </Screen>
  );
}
