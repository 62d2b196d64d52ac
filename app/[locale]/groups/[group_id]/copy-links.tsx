'use client';

import { useEffect, useRef, useState } from 'react';

type Props = { copiedLabel: string; failedLabel: string };

/**
 * Copying members' links: ONE client component for the whole member table
 * (200 members rendered 200 of these before, each with its own props in the
 * page's flight data). The table's copy buttons are rendered `hidden`: without
 * JavaScript the link is in its row as text, ready to select. This shows
 * them, after every render (rows added by an action too), and answers a click
 * on any of them by copying the link text of the button's row; the result is
 * announced in one status line.
 */
export function CopyLinks({ copiedLabel, failedLabel }: Props) {
  const status = useRef<HTMLParagraphElement>(null);
  const [message, setMessage] = useState('');

  useEffect(() => {
    status.current
      ?.closest('section')
      ?.querySelectorAll<HTMLButtonElement>('button[data-copy-link]')
      .forEach((button) => {
        button.hidden = false;
      });
  });

  useEffect(() => {
    const scope = status.current?.closest('section');
    if (!scope) return;
    const onClick = (event: MouseEvent) => {
      const button = event.target instanceof Element ? event.target.closest('button[data-copy-link]') : null;
      const link = button?.closest('tr')?.querySelector('.portal-link')?.textContent;
      if (!link) return;
      navigator.clipboard.writeText(link).then(
        () => setMessage(copiedLabel),
        () => setMessage(failedLabel),
      );
    };
    scope.addEventListener('click', onClick);
    return () => scope.removeEventListener('click', onClick);
  }, [copiedLabel, failedLabel]);

  return (
    <p ref={status} role="status" className="portal-copied" data-testid="copy-status">
      {message}
    </p>
  );
}
