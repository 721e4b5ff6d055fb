// SPEC 8 texts that more than one place shows (the server and the web app, or several screens).
// A text that belongs to one rule lives beside that rule: the zone's and the delivery time's in
// zone.ts and pickup-slots.ts, the table dialogs' in table-order.ts and validation.ts.

/** The title of an error dialog (SPEC 8: table dialogs, card payment, rating). */
export const ERROR_TITLE = 'Ошибка';
/** The title of a warning dialog (SPEC 8: order create; SPEC 5 feedback). */
export const ATTENTION_TITLE = 'Внимание';
/** A payment could not start (SPEC 8 init failure), with what the guest can do next. */
export const PAYMENT_INIT_FAILED_MESSAGE =
  'Ошибка инициализации платежа. Попробуйте ещё раз или выберите другой способ оплаты.';
/** The payment check failed (SPEC 8). */
export const PAYMENT_FAILED_MESSAGE = 'Ошибка проведения платежа.';
/** A screen's data did not load (SPEC 8 load page failures). */
export const LOAD_FAILED_MESSAGE = 'Ошибка загрузки данных';
/**
 * A table order cannot start at this restaurant now (SPEC 8): the table dialog's text
 * (table-order.ts) and the table's refusal among the order types not offered (order-type.ts).
 * It lives here so order-type.ts imports no rule: the web's entry route reads ORDER_TYPES, and an
 * import of table-order.ts there kept the bundler from folding shared modules into the entry chunk.
 */
export const TABLE_ORDER_UNAVAILABLE_MESSAGE = 'Заказ за столом в этом ресторане сейчас невозможен';
/** An order that does not exist or is not the guest's: the same words either way, so another guest's order is not confirmed to exist. */
export const ORDER_NOT_FOUND_MESSAGE = 'Заказ не найден.';
/** A rating or an account deletion failed (SPEC 8 rating failure, SPEC 5; the spec's «Что то» spelled with its hyphen, docs/spec-deviations.md). */
export const SOMETHING_WENT_WRONG_MESSAGE = 'Что-то пошло не так';

/** No restaurant chosen yet on the booking and pre-order pages (the server's reason and the booking form's). */
export const CHOOSE_RESTAURANT_MESSAGE = 'Выберите ресторан.';

/** Profile save (SPEC 5): the saved profile. */
export const PROFILE_SAVED_MESSAGE = 'Данные сохранены';
/** Profile save (SPEC 5): the server refused or did not answer. */
export const PROFILE_NOT_SAVED_MESSAGE = 'Данные не сохранены';
/** Account deletion (SPEC 5): asked before the profile is deleted. */
export const ACCOUNT_DELETE_CONFIRM = 'Вы подтверждаете удаление Вашего профиля?';

/** Issue 18: the banner while the network is gone, and why paying waits. */
export const OFFLINE_TITLE = 'Нет соединения';
export const OFFLINE_KEPT_MESSAGE =
  'Корзина и всё, что вы выбрали, сохранены. Когда сеть вернётся, всё продолжит работать.';
export const OFFLINE_PAY_WAITS_MESSAGE = 'Оплата станет доступна, когда вернётся соединение.';
/** The kiosk's calm offline screen (issue 18). */
export const KIOSK_OFFLINE_MESSAGE = 'Терминал снова заработает, как только вернётся связь. Ваш заказ не потерян.';
export const OFFLINE_SIGN_IN_WAITS_MESSAGE = 'Нет соединения: вход станет возможен, когда сеть вернётся.';
/** A new version of the app waits (issue 18). */
export const UPDATE_AVAILABLE_MESSAGE = 'Доступна новая версия приложения.';
export const UPDATE_BUTTON = 'Обновить';
