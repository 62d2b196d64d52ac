import { notFoundDocument } from './not-found-document';

type Context = { params: Promise<{ locale: string }> };

/**
 * Any page path nothing else serves (and, in production, the sandbox pages:
 * proxy.ts sends them here): the friendly 404 of this locale, whatever the method.
 */
async function notFoundPage(request: Request, { params }: Context): Promise<Response> {
  // proxy.ts put this request's nonce in x-nonce and in the page's Content-Security-Policy.
  return notFoundDocument((await params).locale, request.headers.get('x-nonce'));
}

export { notFoundPage as GET, notFoundPage as POST, notFoundPage as PUT, notFoundPage as PATCH, notFoundPage as DELETE };
