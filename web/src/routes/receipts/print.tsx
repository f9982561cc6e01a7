import { useLayoutEffect, useState, type RefObject } from 'react';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';

/** The paper a record is printed on: a receipt printer's 80 mm roll, or an A4 sheet. */
export type Paper = 'roll' | 'a4';

const MM_PER_PX = 25.4 / 96;

/**
 * The page size the browser prints with, from the paper chosen: a roll is 80 mm wide and as
 * long as the record (measured on screen, where the roll's preview has the same width), so a
 * receipt printer cuts it where it ends; A4 with its margins. No driver or add-on: the
 * browser's own print dialog sends it to whichever printer is chosen there. The rule is a
 * constructed style sheet (the page's Content-Security-Policy admits no inline <style>).
 */
export function PageSize({ paper, record }: { paper: Paper; record: RefObject<HTMLElement | null> }) {
  const [length, setLength] = useState(200);
  useLayoutEffect(() => {
    const element = record.current;
    if (!element) return;
    const measure = () => setLength(Math.ceil(element.getBoundingClientRect().height * MM_PER_PX) + 8);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [record, paper]);
  useLayoutEffect(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(
      paper === 'roll' ? `@page { size: 80mm ${length}mm; margin: 0; }` : '@page { size: A4; margin: 15mm; }',
    );
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((other) => other !== sheet);
    };
  }, [paper, length]);
  return null;
}

/** The choice of paper and the Print button (the browser's print dialog), hidden on paper. */
export function PrintControls({ paper, onPaper }: { paper: Paper; onPaper: (paper: Paper) => void }) {
  const t = useT();
  return (
    <div className="till-print-controls print-hide">
      <fieldset className="till-paper">
        <legend>{t('receipts.paper.label')}</legend>
        {(['roll', 'a4'] as const).map((choice) => (
          <label key={choice}>
            <input type="radio" name="paper" checked={paper === choice} onChange={() => onPaper(choice)} />{' '}
            {t(`receipts.paper.${choice}`)}
          </label>
        ))}
      </fieldset>
      <Button onPress={() => window.print()}>{t('receipts.print')}</Button>
    </div>
  );
}
