import { getDb } from '@/lib/db/client';
import type { StaffActor } from '../staff/load-staff-actor';
import type { CardLookup } from '../hosted-checkout/hosted-card-check';
import { terminalCardCheck } from './pay-terminal-order';
import { findTerminalBooking, terminalMethodsOf } from './terminal-booking';
import { findTerminalOrder } from './terminal-order';

/*
 * The virtual terminal's entries for pages (app/[locale]/dashboard/(signed-in)/terminal), which hold the staff
 * member but never the database, as staff-request.ts does for the rest of the back office.
 */

/** The booking a phone payment is for, by id or by reference in the organisation in view (404 when out of reach). */
export const terminalBookingFor = async (staff: StaffActor, booking: string) =>
  findTerminalBooking(await getDb(), staff, staff.rootOrganisationId, booking);

export const terminalOrderFor = async (staff: StaffActor, id: string) => findTerminalOrder(await getDb(), staff, id);

export const terminalCardCheckFor = async (staff: StaffActor, id: string, lookup: CardLookup, ip: string | null) =>
  terminalCardCheck(await getDb(), staff, id, lookup, ip);

/** The MOTO methods the organisation in view allows (the form offers MOTO_IN_PERSON only where it may be recorded). */
export const terminalMethodsFor = async (staff: StaffActor) =>
  terminalMethodsOf(await getDb(), staff.rootOrganisationId);
