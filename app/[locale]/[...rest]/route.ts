import { notFoundDocument } from './not-found-document';

type Context = { params: Promise<{ locale: string }> };

/**
 * Any page path nothing else serves (and, in production, the sandbox pages:
 * proxy.ts sends them here): the friendly 404 of this locale, whatever the method.
 */
async function notFoundPage(request: Request, { params }: Context): Promise<Response> {
  // proxy.ts put this request's nonce in x-nonce and in the page's Content-Security-Policy,
  // and the path the browser asked for (before any rewrite) in x-requested-path.
  return notFoundDocument(
    (await params).locale,
    request.headers.get('x-nonce'),
    request.headers.get('x-requested-path') ?? '/',
  );
}

export {
  notFoundPage as GET,
  notFoundPage as POST,
  notFoundPage as PUT,
  notFoundPage as PATCH,
  notFoundPage as DELETE,
};
