import { Fragment } from 'react';

/** Renders the catalogue's markdown code spans (`like this`) as <code>; everything else stays plain text. */
export function InlineCode({ text }: { text: string }) {
  // split with a capture group: odd parts are what stood between backticks.
  const parts = text.split(/`([^`]+)`/);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? <code key={index}>{part}</code> : <Fragment key={index}>{part}</Fragment>,
      )}
    </>
  );
}
