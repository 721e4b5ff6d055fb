import { parsePageText } from '@chain/domain';
import { useMemo } from 'react';
import './page-text.css';

/**
 * A text of the chain (decision 024) as real headings, paragraphs and lists. The body is plain
 * text read by parsePageText: nothing in it is ever taken as HTML, React prints it as text.
 * Headings are one level under the block's own heading (`level`). The guest's pages and the
 * back office's preview (issue 31) both show a text through it, so the preview is what guests see.
 */
export function PageText({ body, level = 2 }: { body: string; level?: 2 | 3 }) {
  const blocks = useMemo(() => parsePageText(body), [body]);
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="page-text">
      {blocks.map((block, index) => {
        const key = `${index}:${block.kind}`;
        switch (block.kind) {
          case 'heading':
            return (
              <Heading key={key} className="page-text__heading">
                {block.text}
              </Heading>
            );
          case 'paragraph':
            return (
              <p key={key} className="page-text__paragraph">
                {block.text}
              </p>
            );
          case 'list':
            return (
              <ul key={key} className="page-text__list">
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex}>{item}</li>
                ))}
              </ul>
            );
        }
      })}
    </div>
  );
}
