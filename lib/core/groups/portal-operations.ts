import type { Db } from '@/lib/db/types';
import { AppError } from '@/lib/http/app-error';

/*
 * TEMPORARY: the groups-api part's operations until they are on main
 * (add-member.ts, remove-member.ts, set-schedule.ts, send-group-links.ts).
 */
const pending = () => Promise.reject(new AppError('group.not_available' as never, 'Not yet available.'));
export const addMember = (_db: Db, _groupId: string, _input: unknown): Promise<{ member_id: string }> => pending();
export const removeMember = (_db: Db, _groupId: string, _memberId: string): Promise<void> => pending();
export const setSchedule = (_db: Db, _groupId: string, _input: unknown): Promise<void> => pending();
export const sendGroupLinks = (_db: Db, _groupId: string, _options: { memberId?: string }): Promise<{ sent: unknown[]; skipped: unknown[] }> => pending();
