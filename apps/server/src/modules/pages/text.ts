import { isPageSlug, MAX_PAGE_BODY_LENGTH, MAX_PAGE_TITLE_LENGTH } from '@chain/contract';

/**
 * A page as the chain-page command (and the back office, issue 31) will store it, or why it will
 * not: `message` in English for the command's operator, `russian` for the back office's manager.
 */
export type PageInput =
  { ok: true; slug: string; title: string | null; body: string } | { ok: false; message: string; russian: string };

const HTML_TAG = /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>/i;
/** Whether a text holds a control character other than tab and line ends. */
export function hasControl(text: string): boolean {
  return [...text].some((char) => {
    const code = char.charCodeAt(0);
    return (code < 0x20 && char !== '\t' && char !== '\n' && char !== '\r') || code === 0x7f;
  });
}

/**
 * Checks what a manager gives the chain-page command (decision 024, docs/content.md): a slug of
 * lowercase Latin letters and `_`, an optional title, and the file's text in the page format —
 * a BOM dropped, line ends made `\n`, trailing blanks trimmed. HTML is refused: the app shows
 * the text as it is, so a tag would appear to guests as a tag.
 */
export function checkPageInput(slug: string, title: string | null, text: string): PageInput {
  if (!isPageSlug(slug)) {
    return {
      ok: false,
      message: `The slug "${slug}" is not 1 to 40 lowercase Latin letters or "_" (e.g. offer, delivery, about).`,
      russian: 'Адрес страницы — от 1 до 40 строчных латинских букв или «_».',
    };
  }
  const cleanTitle = title === null ? null : title.trim();
  if (
    cleanTitle !== null &&
    (cleanTitle.length === 0 || cleanTitle.length > MAX_PAGE_TITLE_LENGTH || hasControl(cleanTitle))
  ) {
    return {
      ok: false,
      message: `The title must be 1 to ${MAX_PAGE_TITLE_LENGTH} characters of plain text.`,
      russian: `Заголовок — от 1 до ${MAX_PAGE_TITLE_LENGTH} символов обычного текста.`,
    };
  }
  const body = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+$/gm, '')
    .trim();
  if (body.length === 0) return { ok: false, message: 'The file is empty.', russian: 'Текст страницы пуст.' };
  if (body.length > MAX_PAGE_BODY_LENGTH) {
    return {
      ok: false,
      message: `The text is longer than ${MAX_PAGE_BODY_LENGTH} characters.`,
      russian: `Текст страницы — не длиннее ${MAX_PAGE_BODY_LENGTH} символов.`,
    };
  }
  if (hasControl(body)) {
    return {
      ok: false,
      message: 'The text holds control characters: save it as plain UTF-8 text.',
      russian: 'В тексте есть служебные символы: вставьте его как обычный текст.',
    };
  }
  const tag = HTML_TAG.exec(body);
  if (tag) {
    return {
      ok: false,
      message: `The text holds HTML (${tag[0]}): pages are plain text, see docs/content.md.`,
      russian: `В тексте есть HTML (${tag[0]}): страницы — обычный текст (абзацы, «## » заголовки, «- » списки).`,
    };
  }
  return { ok: true, slug, title: cleanTitle, body };
}
