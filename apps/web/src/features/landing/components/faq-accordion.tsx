import { useId, useRef, useState, type KeyboardEvent } from 'react';
import accordionStyles from './public-pages.module.css';
import { cx } from '../../../lib/cx';

/**
 * An accordion of questions (WAI-ARIA pattern): each question is a button with aria-expanded
 * that shows its answer region; Enter and Space toggle (native buttons), ArrowUp/ArrowDown move
 * between questions, Home and End go to the first and last.
 */
export function FaqAccordion({ entries }: { entries: ReadonlyArray<{ question: string; answer: string }> }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const baseId = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  function toggle(index: number) {
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = entries.length - 1;
    const targets: Record<string, number> = { ArrowDown: index === last ? 0 : index + 1, ArrowUp: index === 0 ? last : index - 1, Home: 0, End: last };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  }

  return (
    <div className={accordionStyles.accordion}>
      {entries.map((entry, index) => {
        const isOpen = open.has(index);
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div key={entry.question} className={cx(accordionStyles.accordionItem, isOpen && accordionStyles.accordionItemOpen)}>
            <h2 className={accordionStyles.accordionHeading}>
              <button
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                id={buttonId}
                type="button"
                className={accordionStyles.accordionButton}
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => toggle(index)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                <span>{entry.question}</span>
                <span className={accordionStyles.accordionIcon} aria-hidden="true" />
              </button>
            </h2>
            <div id={panelId} role="region" aria-labelledby={buttonId} className={accordionStyles.accordionPanel} hidden={!isOpen}>
              <p>{entry.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
