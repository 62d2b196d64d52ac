import QRCode from 'qrcode';
import { sql } from 'drizzle-orm';
import { queryRows } from '@/lib/db/query-rows';
import type { OrganisationSettings } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { hostedOrigin } from '../groups/hosted-origin';

/**
 * The QR code of a link's public address as an SVG (the `qrcode` library): error correction M (15 % of the code
 * may be smudged or covered and it still reads) and the 2-module quiet zone phones' cameras find it by. Black on
 * white whatever the organisation's colour: a coloured or inverted code reads badly on many phones.
 */
export function linkQrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** The public address of a live (not deleted) payment link, as its API object's `url` says it; null for none. */
export async function publicLinkUrl(db: Db, linkId: string): Promise<string | null> {
  const [row] = await queryRows<{ settings: OrganisationSettings }>(
    db,
    sql`select o.settings from payment_links l join organisations o on o.id = l.organisation_id
    where l.id = ${linkId}::uuid and l.deleted_at is null`,
  );
  return row ? `${hostedOrigin(row.settings)}/${linkId}` : null;
}
