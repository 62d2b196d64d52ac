import { getBookingDetail } from '@/lib/core/bookings/booking-detail/booking-detail';
import type { StaffActor } from '@/lib/core/staff/load-staff-actor';
import { getDb } from '@/lib/db/client';
import { AppError } from '@/lib/http/app-error';
import { bookingId } from '../booking-form-schema';

/** A booking's read model or null: an id that is no uuid, another organisation's or a deleted booking is the API's 404. */
export async function loadDetail(staff: StaffActor, id: string) {
  if (!bookingId.safeParse(id).success) return null;
  try {
    return await getBookingDetail(await getDb(), staff, id);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}
