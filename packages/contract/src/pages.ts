import * as z from 'zod/mini';
import { defineCall } from './call';

// The chain's own texts (SPEC 2 «О компании»: the offer, the delivery terms, about the chain),
// kept in the database and edited without code (docs/content.md, decision 024). The body is a
// small Markdown subset read by parsePageText of packages/domain; no HTML ever.

/** The pages the app links to. Any other slug a manager adds is served the same way. */
export const CHAIN_PAGE_SLUGS = { offer: 'offer', delivery: 'delivery', about: 'about' } as const;
export type ChainPageSlug = (typeof CHAIN_PAGE_SLUGS)[keyof typeof CHAIN_PAGE_SLUGS];

/** The longest slug: lowercase Latin letters and `_`. */
export const MAX_PAGE_SLUG_LENGTH = 40;
export const PAGE_SLUG_PATTERN = /^[a-z_]+$/;

/** The longest title and body a page may have (the CLI refuses longer ones). */
export const MAX_PAGE_TITLE_LENGTH = 200;
export const MAX_PAGE_BODY_LENGTH = 100_000;

export const PAGE_NOT_FOUND_MESSAGE = 'Страница не найдена';

/** Whether a text is a page slug: 1…40 lowercase Latin letters or `_`. */
export function isPageSlug(text: string): boolean {
  return text.length > 0 && text.length <= MAX_PAGE_SLUG_LENGTH && PAGE_SLUG_PATTERN.test(text);
}

export const chainPageParams = z.object({
  slug: z
    .string({ error: (issue) => (issue.input === undefined ? 'обязательное поле' : 'ожидается строка') })
    .check(
      z.minLength(1, 'не может быть пустым'),
      z.maxLength(MAX_PAGE_SLUG_LENGTH, `не длиннее ${MAX_PAGE_SLUG_LENGTH} символов`),
      z.regex(PAGE_SLUG_PATTERN, 'только строчные латинские буквы и «_»'),
      z.describe('The page: offer, delivery, about, or another a manager added.'),
    ),
});

export const chainPageResponse = z.object({
  slug: z.string(),
  title: z.string().check(z.describe('The heading the app shows, e.g. «Условия доставки».')),
  body: z
    .string()
    .check(
      z.describe(
        "The text: paragraphs separated by blank lines, lines starting with '## ' are headings, lines starting with '- ' list items (parsePageText). Never HTML.",
      ),
    ),
  updated_at: z.string().check(z.describe('When the text was last changed (ISO 8601).')),
});
export type ChainPage = z.infer<typeof chainPageResponse>;

/** GET /api/v1/pages/{slug}: one of the chain's texts (the offer, the delivery terms, about the chain). */
export const chainPageCall = defineCall({
  name: 'chainPage',
  method: 'GET',
  path: '/api/v1/pages/:slug',
  tag: 'content',
  summary: 'A text of the chain: the offer, the delivery terms, about the chain (SPEC 2 «О компании»)',
  description:
    "The same for every guest. `body` is plain text in a small Markdown subset: paragraphs separated by blank lines, lines starting with '## ' are headings, lines starting with '- ' are list items; it never holds HTML and the app shows it as text (parsePageText of packages/domain). Managers change the texts without code (docs/content.md). Answered with an ETag and `Cache-Control: no-cache`: send If-None-Match to get 304 while the text is unchanged.",
  auth: 'public',
  params: chainPageParams,
  response: chainPageResponse,
  errors: {
    page_not_found: 'no page has this slug (404, «Страница не найдена»)',
    validation: 'the slug is not 1…40 lowercase Latin letters or «_» (400)',
  },
});
