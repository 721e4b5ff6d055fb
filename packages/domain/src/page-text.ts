/**
 * The chain's texts (the offer, the delivery terms, about the chain: decision 024) are kept as
 * plain text in a small Markdown subset, so a manager writes them in any editor and no HTML ever
 * reaches the page:
 * - a line starting with `## ` is a heading;
 * - lines starting with `- ` are the items of a list (a following line without the mark, before
 *   a blank line, continues the item);
 * - other lines are paragraphs, separated by blank lines (lines of one paragraph are joined with
 *   a space).
 * Nothing else is markup: `#`, `*`, `<b>` and the like stay as they are, shown as text.
 */
export type PageBlock =
  { kind: 'heading'; text: string } | { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

const HEADING = /^##\s+/;
const LIST_ITEM = /^-\s+/;

/** The blocks of a page's body, in order; empty headings, items and paragraphs are left out. */
export function parsePageText(body: string): PageBlock[] {
  const blocks: PageBlock[] = [];
  let paragraph: string[] = [];
  let list: string[] = [];

  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  const endList = () => {
    if (list.length > 0) blocks.push({ kind: 'list', items: list });
    list = [];
  };

  for (const raw of body.split(/\r\n|\r|\n/)) {
    const line = raw.replace(/[ \t]+/g, ' ').trim();
    if (line === '') {
      endParagraph();
      endList();
    } else if (HEADING.test(line) || line === '##') {
      endParagraph();
      endList();
      const text = line.replace(HEADING, '').replace(/^##$/, '');
      if (text !== '') blocks.push({ kind: 'heading', text });
    } else if (LIST_ITEM.test(line) || line === '-') {
      endParagraph();
      const item = line.replace(LIST_ITEM, '').replace(/^-$/, '');
      if (item !== '') list.push(item);
    } else if (list.length > 0) {
      list[list.length - 1] = `${list[list.length - 1]} ${line}`;
    } else {
      paragraph.push(line);
    }
  }
  endParagraph();
  endList();
  return blocks;
}
