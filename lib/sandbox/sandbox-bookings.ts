/** A few bookings for the sandbox to show: the first four in the parent organisation, the rest in the child. */
export const sandboxBookings = [
  { booking_reference: 'SBX-1001', customer_name: 'Ada Lovelace', email: 'ada@example.com', gross_amount: 245000, departure_date: '2027-03-14', return_date: '2027-03-21', package_type: 'PACKAGE' },
  { booking_reference: 'SBX-1002', customer_name: 'Alan Turing', email: 'alan@example.com', gross_amount: 89900, departure_date: '2027-04-02', return_date: '2027-04-05', package_type: 'FLIGHT_ONLY' },
  { booking_reference: 'SBX-1003', customer_name: 'Grace Hopper', email: 'grace@example.com', gross_amount: 512050, departure_date: '2027-06-20', return_date: '2027-07-04', package_type: 'PACKAGE' },
  { booking_reference: 'SBX-1004', customer_name: 'Katherine Johnson', email: 'katherine@example.com', gross_amount: 132500, departure_date: '2027-08-09', return_date: '2027-08-16', package_type: 'ACCOMMODATION_ONLY' },
  { booking_reference: 'SBX-2001', customer_name: 'Tim Berners-Lee', email: 'tim@example.com', gross_amount: 64000, departure_date: '2027-05-11', return_date: '2027-05-13', package_type: 'FLIGHT_ONLY' },
  { booking_reference: 'SBX-2002', customer_name: 'Margaret Hamilton', email: 'margaret@example.com', gross_amount: 298000, departure_date: '2027-09-01', return_date: '2027-09-12', package_type: 'PACKAGE' },
] as const;
