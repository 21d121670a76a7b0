export * from './settings.ts';
export * from './contact.ts';
