import { z } from 'zod';
import { cancelScheduledPayment } from '@/lib/core/scheduled-payments/cancel-scheduled-payment';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const DELETE = apiRoute(
  { params: z.object({ paymentId: z.string().max(100) }) },
  async ({ db, actor, params }) => {
    await cancelScheduledPayment(db, actor, params.paymentId);
    return {};
  },
);

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods('DELETE');
