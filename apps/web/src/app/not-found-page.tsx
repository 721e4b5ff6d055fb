import { SearchX } from 'lucide-react';
import { LinkButton } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { Screen } from '../ui/screen';

/** A path outside SPEC 2's route table (the server answers it with 404 and this page). */
export default function NotFoundPage() {
  return (
    <Screen title="Страница не найдена" back>
      <EmptyState
        icon={<SearchX />}
        title="Такой страницы нет"
        text="Возможно, ссылка устарела. Начните с главной."
        action={
          <LinkButton href="/" block>
            На главную
          </LinkButton>
        }
      />
    </Screen>
  );
}
