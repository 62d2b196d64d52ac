'use client';

/** Opens the browser's print dialog; the page prints with the @media print rules of globals.css. */
export function PrintButton({ label }: { label: string }) {
  return (
    <button type="button" className="secondary" onClick={() => window.print()} data-testid="print-receipt">
      {label}
    </button>
  );
}
