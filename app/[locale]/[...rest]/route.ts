import { notFoundDocument } from './not-found-document';

type Context = { params: Promise<{ locale: string }> };

/**
 * Any page path nothing else serves (and, in production, the sandbox pages:
 * proxy.ts sends them here): the friendly 404 of this locale, whatever the method.
 */
async function notFoundPage(_request: Request, { params }: Context): Promise<Response> {
  return notFoundDocument((await params).locale);
}

export { notFoundPage as GET, notFoundPage as POST, notFoundPage as PUT, notFoundPage as PATCH, notFoundPage as DELETE };
