import type { ReactNode } from 'react';

/**
 * The root layout only passes through: app/[locale]/layout.tsx renders the
 * document in the request's language. It exists so that app/not-found.tsx
 * can render a complete 404 document on the server when a page calls
 * notFound() (without it Next.js sends an empty shell that only JavaScript fills).
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
