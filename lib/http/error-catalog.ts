/**
 * Every error code the API answers with, its HTTP status and a line for the
 * docs page (/docs/errors). `documentation_url` in an error entry points here.
 */
export type ErrorType =
  | 'authentication_error'
  | 'authorisation_error'
  | 'validation_error'
  | 'invalid_request'
  | 'not_found'
  | 'conflict'
  | 'server_error';

type CatalogEntry = { status: number; type: ErrorType; title: string; description: string };

export const errorCatalog = {
  'auth.missing_token': {
    status: 401,
    type: 'authentication_error',
    title: 'Authentication required',
    description: 'The request has no `Authorization: Bearer <token>` header.',
  },
  'auth.unsupported_scheme': {
    status: 401,
    type: 'authentication_error',
    title: 'Bearer token required',
    description:
      'The `Authorization` header uses another scheme (for example `Basic`); this API accepts only `Authorization: Bearer <token>`.',
  },
  'auth.invalid_token': {
    status: 403,
    type: 'authentication_error',
    title: 'Invalid or expired token',
    description:
      "The bearer token is malformed or expired, belongs to a revoked API key, or its user no longer belongs to the key's organisation. Request a new token from POST /api/token.",
  },
  'auth.invalid_credentials': {
    status: 401,
    type: 'authentication_error',
    title: 'Invalid API keys',
    description: 'The public and private key pair does not match an active API key.',
  },
  'auth.organisation_forbidden': {
    status: 403,
    type: 'authorisation_error',
    title: 'Organisation not accessible',
    description:
      'The organisation is not one of the organisations this API key can reach (GET /api/user/organisations lists them).',
  },
  'auth.missing_role': {
    status: 403,
    type: 'authorisation_error',
    title: 'Role required',
    description: 'The API key lacks the role this operation needs; the message names it.',
  },
  'api_key.role_not_held': {
    status: 403,
    type: 'authorisation_error',
    title: 'Role not held',
    description: 'A new API key cannot have a role that the calling key does not have.',
  },
  'user.role_not_held': {
    status: 403,
    type: 'authorisation_error',
    title: 'Role not held',
    description: 'A back-office user can give another user only roles they hold themselves (docs/dashboard.md).',
  },
  'user.email_taken': {
    status: 409,
    type: 'conflict',
    title: 'Address already a user',
    description: 'The address already belongs to a user of the service; an invitation makes a new user only.',
  },
  'user.shared': {
    status: 409,
    type: 'conflict',
    title: 'User of other organisations',
    description:
      "The user also belongs to an organisation outside the caller's reach; their roles hold there too, so the caller cannot change them.",
  },
  'user.self': {
    status: 409,
    type: 'conflict',
    title: 'Not on yourself',
    description: 'A user cannot remove themselves from the organisation (another user with users:manage can).',
  },
  'passkey.refused': {
    status: 400,
    type: 'invalid_request',
    title: 'Passkey refused',
    description:
      "The authenticator's answer could not be verified: its challenge was used, expired or issued to someone else, it came from another origin, or its signature or counter did not hold. Sign in again with the passkey, or ask for an emailed link.",
  },
  'webhook.url_not_allowed': {
    status: 422,
    type: 'validation_error',
    title: 'Endpoint address not allowed',
    description:
      'A webhook endpoint may never point to a link-local address, a cloud metadata or host endpoint, or an address the operator denies (WEBHOOK_DENY_CIDRS). In production it must also be an `https` URL whose host resolves, only to public addresses (not private, loopback, unique-local, CGNAT, multicast, unspecified, documentation, Teredo, 6to4 relay or reserved, nor an IPv6 form of one); the sandbox also allows `http` and local addresses.',
  },
  'webhook.endpoint_disabled': {
    status: 409,
    type: 'conflict',
    title: 'Endpoint disabled',
    description:
      'A disabled webhook endpoint receives no test event or replay; enable it first (POST /api/agent/webhooks/{id} with `status: "enabled"`).',
  },
  'booking.delete_forbidden': {
    status: 403,
    type: 'authorisation_error',
    title: 'Booking cannot be deleted by this key',
    description:
      'Deleting a booking needs role `booking-and-payment:delete:booking`, or being the user who created it.',
  },
  'checkout.has_transactions': {
    status: 409,
    type: 'conflict',
    title: 'Has transactions',
    description: 'A payment link or ecommerce session can be deleted only while no transaction was made against it.',
  },
  'credit_note.exceeds_balance': {
    status: 422,
    type: 'validation_error',
    title: 'More than the booking holds',
    description:
      'A credit note cannot exceed what the booking holds: completed payments less refunds, chargebacks and earlier credit notes.',
  },
  'scheduled_payment.not_cancellable': {
    status: 400,
    type: 'invalid_request',
    title: 'Not cancellable',
    description: 'Only QUEUED or AWAITING_APPROVAL scheduled payments can be cancelled.',
  },
  'organisation.portal_domain_taken': {
    status: 409,
    type: 'conflict',
    title: 'Portal domain taken',
    description: 'A custom portal domain can belong to one organisation only: the first to prove it by DNS.',
  },
  'organisation.portal_domain_not_pending': {
    status: 409,
    type: 'conflict',
    title: 'No portal domain to verify',
    description: 'Verification needs a portal domain asked for in the organisation settings and not yet verified.',
  },
  'organisation.portal_domain_unverified': {
    status: 409,
    type: 'conflict',
    title: 'Portal domain not verified',
    description:
      'The TXT record that proves the organisation holds its pending portal domain was not found in DNS (settings answer `portal_domain_verification`); the domain stays pending and serves nothing.',
  },
  'checkout.expired': {
    status: 409,
    type: 'conflict',
    title: 'Expired',
    description: 'The payment link or session is past its expiry and accepts no payment.',
  },
  'checkout.already_paid': {
    status: 409,
    type: 'conflict',
    title: 'Already paid',
    description:
      'The payment link or session has been paid (or an authorisation holds it); it accepts no second payment.',
  },
  'checkout.payment_in_progress': {
    status: 409,
    type: 'conflict',
    title: 'Payment in progress',
    description: 'Another payment on the same link is in progress; it never charges twice.',
  },
  'checkout.card_testing': {
    status: 409,
    type: 'conflict',
    title: 'Card attempts paused',
    description:
      'Too many declined or rejected card attempts or card checks within 10 minutes on one link, IP address, card, group, booking or organisation (limits in docs/checkout.md, "Card testing"): card attempts there are refused for 15 minutes and never sent to the processor.',
  },
  'checkout.instalments_not_payable': {
    status: 409,
    type: 'conflict',
    title: 'Instalments not payable together',
    description:
      "A group member pays one instalment link alone, or it with their other unpaid instalments taken in due order from the earliest. The covered links must be the same member's, live, unpaid and not covered by another payment in progress, held or complete.",
  },
  'checkout.method_not_accepted': {
    status: 422,
    type: 'validation_error',
    title: 'Method not accepted',
    description: 'The link does not accept this payment method.',
  },
  'payment.not_in_progress': {
    status: 409,
    type: 'conflict',
    title: 'Payment not in progress',
    description: 'The payment already has an outcome and cannot continue.',
  },
  'payment.processor_unavailable': {
    status: 502,
    type: 'server_error',
    title: 'Processor unavailable',
    description: 'The card processor or bank could not be reached; nothing was taken.',
  },
  'transaction.not_pending': {
    status: 409,
    type: 'conflict',
    title: 'Not a pending authorisation',
    description: 'Only a PENDING (authorised, not captured) transaction can be completed or reversed, and only once.',
  },
  'transaction.reassign_overdraws_booking': {
    status: 409,
    type: 'conflict',
    title: 'Booking relies on this payment',
    description:
      'A completed payment cannot leave a booking whose credit notes or refunds rely on it: what the booking holds would fall below zero.',
  },
  'transaction.not_refundable': {
    status: 409,
    type: 'conflict',
    title: 'Not refundable',
    description: 'Only a COMPLETE transaction can be refunded; reverse a PENDING authorisation instead.',
  },
  'notification.invalid_signature': {
    status: 401,
    type: 'authentication_error',
    title: 'Notification signature invalid',
    description:
      'A processor notification item carries no valid HMAC signature (`additionalData.hmacSignature` under `ADYEN_HMAC_KEY`); nothing of the batch was stored.',
  },
  'notification.invalid_credentials': {
    status: 401,
    type: 'authentication_error',
    title: 'Notification credentials invalid',
    description:
      'Processor notifications need the Basic auth user and password set in `ADYEN_NOTIFICATION_USERNAME` and `ADYEN_NOTIFICATION_PASSWORD`.',
  },
  'chargeback.transaction_not_complete': {
    status: 409,
    type: 'conflict',
    title: 'Transaction not complete',
    description: 'A sandbox chargeback can be raised only on a COMPLETE transaction with a processor reference.',
  },
  'refund.exceeds_refundable': {
    status: 422,
    type: 'validation_error',
    title: 'More than refundable',
    description:
      'A refund cannot exceed what was taken less what is already refunded or awaiting authorisation and what a chargeback took back.',
  },
  'refund.exceeds_booking_balance': {
    status: 422,
    type: 'validation_error',
    title: 'More than the booking holds',
    description:
      'A refund on a transaction of a booking cannot take more than the booking still holds: its completed payments (net of surcharge) less refunds and credit notes already issued from it. A surcharge is returned only with the last of its own payment.',
  },
  'refund.too_small': {
    status: 422,
    type: 'validation_error',
    title: 'Refund too small',
    description:
      'The amount converts to nothing in the currency the payment was taken in (dynamic currency conversion); refund a larger amount.',
  },
  'refund.same_user': {
    status: 403,
    type: 'authorisation_error',
    title: 'Second user required',
    description:
      'The organisation setting `refunds_require_second_user` is on: a refund must be authorised by a user other than the one who requested it (that user may still decline it).',
  },
  'refund.not_pending': {
    status: 409,
    type: 'conflict',
    title: 'Refund already decided',
    description: 'A refund can be authorised or declined once, while it is PENDING_AUTHORISATION.',
  },
  'payment.declined': {
    status: 402,
    type: 'invalid_request',
    title: 'Declined',
    description: 'The card issuer or bank declined the payment; the attempt is recorded as a DECLINED transaction.',
  },
  'approval.not_enabled': {
    status: 409,
    type: 'conflict',
    title: 'Approval links off',
    description: 'The organisation does not use approval links; its scheduled payments are QUEUED at creation.',
  },
  'approval.nothing_to_approve': {
    status: 409,
    type: 'conflict',
    title: 'Nothing to approve',
    description: 'The booking has no scheduled payments awaiting approval.',
  },
  'approval.already_decided': {
    status: 409,
    type: 'conflict',
    title: 'Already decided',
    description: 'An approval link is answered once.',
  },
  'approval.changed': {
    status: 409,
    type: 'conflict',
    title: 'Payments changed',
    description:
      "An approval decides exactly the payments its email listed; when the booking's payments awaiting approval changed since (one added, cancelled or changed), it decides nothing and a new approval link is needed.",
  },
  'approval.expired': {
    status: 409,
    type: 'conflict',
    title: 'Approval link expired',
    description: 'Approval links work for 14 days; send a new one.',
  },
  'group.too_many_instalments': {
    status: 422,
    type: 'validation_error',
    title: 'Too many instalments',
    description: 'A group payment link has at most 12 instalments.',
  },
  'group.instalment_amount_invalid': {
    status: 422,
    type: 'validation_error',
    title: 'Invalid instalment amount',
    description: 'Every instalment amount is a whole number of minor units, at least 1.',
  },
  'group.due_dates_not_ascending': {
    status: 422,
    type: 'validation_error',
    title: 'Due dates not ascending',
    description: 'Instalment due dates must be strictly ascending.',
  },
  'group.due_date_past': {
    status: 422,
    type: 'validation_error',
    title: 'Due date in the past',
    description: 'A new or changed instalment must fall due in the future.',
  },
  'group.schedule_sum_mismatch': {
    status: 422,
    type: 'validation_error',
    title: 'Schedule does not add up',
    description:
      'When every member owes the same amount, the instalment amounts must sum to it; when amounts differ the schedule is scaled for each member.',
  },
  'group.share_too_small': {
    status: 422,
    type: 'validation_error',
    title: 'Share too small',
    description:
      "A member's amount must give each instalment at least one minor unit once the schedule is scaled to it.",
  },
  'group.booking_required': {
    status: 422,
    type: 'validation_error',
    title: 'Booking required',
    description: 'A group needs `booking_id` (an existing booking) or `booking_reference` (to create one).',
  },
  'group.currency_mismatch': {
    status: 422,
    type: 'validation_error',
    title: 'Currency differs from the booking',
    description: "A group's currency must be its booking's currency.",
  },
  'group.expiry_before_deadline': {
    status: 422,
    type: 'validation_error',
    title: 'Links would expire too early',
    description:
      "`expires_at` must be in the future and not before the final instalment's due date (the payment deadline).",
  },
  'group.members_locked': {
    status: 409,
    type: 'conflict',
    title: 'Members locked',
    description: 'The organiser locked the member list (`members_locked`): the leader cannot add or remove members.',
  },
  'group.installments_locked': {
    status: 409,
    type: 'conflict',
    title: 'Schedule locked',
    description: 'The organiser locked the schedule (`installments_locked`): the leader cannot set or change it.',
  },
  'group.member_has_paid': {
    status: 409,
    type: 'conflict',
    title: 'Member has paid',
    description: 'A member who has paid anything cannot be removed.',
  },
  'group.link_paid': {
    status: 409,
    type: 'conflict',
    title: 'Member link paid',
    description:
      "A group member's link that is paid, being paid or being collected, by its own payment or by one of the member's payments covering it, cannot be deleted or assigned to another booking (as the portal cannot remove or change it).",
  },
  'group.paid_instalment_changed': {
    status: 409,
    type: 'conflict',
    title: 'Paid instalment changed',
    description: 'An instalment that any member has paid keeps its sequence, amount and due date in a new schedule.',
  },
  'group.auto_collect_consent': {
    status: 403,
    type: 'authorisation_error',
    title: 'Only the member can opt in',
    description:
      'Automatic collection is turned on only by the member, who stores their card at checkout; the organiser can turn it off (`enabled: false`).',
  },
  'group.share_below_minimum': {
    status: 422,
    type: 'validation_error',
    title: 'Share below the minimum',
    description: 'A member the leader adds in the portal owes at least 100 minor units (docs/groups.md, "Limits").',
  },
  'group.member_additions_limited': {
    status: 429,
    type: 'invalid_request',
    title: 'Too many members added',
    description: 'The leader may add at most 10 members to a group in any 24 hours (docs/groups.md, "Limits").',
  },
  'group.too_many_members': {
    status: 409,
    type: 'conflict',
    title: 'Group full',
    description:
      'A group has at most 500 live members, however they were added; remove one before adding another (docs/groups.md, "Limits").',
  },
  'group.send_rate_limited': {
    status: 429,
    type: 'invalid_request',
    title: 'Links sent too often',
    description:
      'A group\'s links may be sent at most 10 times in any hour; a member gets at most 3 link emails in 24 hours (docs/groups.md, "Limits").',
  },
  'payment_link.send_rate_limited': {
    status: 429,
    type: 'invalid_request',
    title: 'Link sent too often',
    description:
      'One payment link may be emailed at most 5 times in any 24 hours (docs/api-extensions.md, "Sending a payment link").',
  },
  'group.member_not_leader_added': {
    status: 409,
    type: 'conflict',
    title: 'Nothing to approve',
    description: "Only a member the leader added in the portal needs the organisation's approval before being emailed.",
  },
  'group.member_not_found': {
    status: 404,
    type: 'not_found',
    title: 'Member not found',
    description: 'No such live member in this group.',
  },
  'validation.failed': {
    status: 422,
    type: 'validation_error',
    title: 'Invalid request',
    description:
      'One or more fields are invalid; there is one entry in `errors` per field, and its message names the field.',
  },
  'request.malformed_json': {
    status: 400,
    type: 'invalid_request',
    title: 'Malformed JSON',
    description: 'The request body is not valid JSON.',
  },
  'request.body_too_large': {
    status: 413,
    type: 'invalid_request',
    title: 'Body too large',
    description: 'Request bodies are limited to 1 MB.',
  },
  'request.invalid_idempotency_key': {
    status: 400,
    type: 'invalid_request',
    title: 'Invalid Idempotency-Key',
    description: 'The `Idempotency-Key` header must be 1 to 255 printable ASCII characters without spaces.',
  },
  'request.method_not_allowed': {
    status: 405,
    type: 'invalid_request',
    title: 'Method not allowed',
    description: 'The path exists but not with this HTTP method; the `Allow` header lists the methods it accepts.',
  },
  'route.not_found': {
    status: 404,
    type: 'not_found',
    title: 'Unknown endpoint',
    description: 'No operation lives at this path.',
  },
  'resource.not_found': {
    status: 404,
    type: 'not_found',
    title: 'Not found',
    description: 'No such resource in the organisations this key can reach.',
  },
  'server.internal_error': {
    status: 500,
    type: 'server_error',
    title: 'Internal error',
    description: 'Something failed on our side. Nothing was charged; quote the request_id to support.',
  },
} satisfies Record<string, CatalogEntry>;

export type ErrorCode = keyof typeof errorCatalog;

/** Field-level validation codes, used in the entries of a 422 answer. */
export const validationCodes: Record<string, string> = {
  'validation.required': 'A required field is missing.',
  'validation.invalid_type': 'A field has the wrong type (for example a string where an integer is expected).',
  'validation.invalid_format': 'A field is not in the expected format (email, date, UUID, ...).',
  'validation.invalid_value': 'A field is not one of the allowed values.',
  'validation.too_big': 'A number or text is above its maximum.',
  'validation.too_small': 'A number or text is below its minimum.',
  'validation.invalid_characters':
    'A text field holds a control character (NUL, escape, ...) or broken Unicode; only tab, line feed and carriage return are allowed.',
  'validation.invalid': 'A field is invalid.',
};
