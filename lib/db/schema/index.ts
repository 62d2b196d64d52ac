export * from './organisations';
export * from './users';
export * from './service-state';
export * from './parties';
export * from './bookings';
export * from './payments';
export * from './audit';
