export * from './settings.ts';
export * from './contact.ts';
export * from './referrals.ts';
export * from './careers.ts';
export * from './accounts.ts';
export * from './profile.ts';
export * from './documents.ts';
export * from './payments.ts';
