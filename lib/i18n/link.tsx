import NextLink from 'next/link';
import { getLocale } from 'next-intl/server';
import type { ComponentProps } from 'react';
import { getPathname } from './navigation';

type Props = Omit<ComponentProps<typeof NextLink>, 'href' | 'locale'> & {
  href: Parameters<typeof getPathname>[0]['href'];
};

/**
 * A link to a page of this site in the request's language (a server component).
 * next-intl's own Link renders a client component that reads the locale from
 * NextIntlClientProvider, which no page loads any more (app/[locale]/layout.tsx):
 * this one localises the path on the server and renders Next's Link as it did.
 */
export async function Link({ href, ...rest }: Props) {
  const locale = await getLocale();
  // An object keeps its query for Next's Link to write, as next-intl's Link did.
  return (
    <NextLink
      href={
        typeof href === 'string'
          ? getPathname({ href, locale })
          : { ...href, pathname: getPathname({ href: href.pathname, locale }) }
      }
      {...rest}
    />
  );
}
