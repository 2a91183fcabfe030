/**
 * Zod schemas of every resource and response envelope of the service, tolerant of what
 * real deployments send (docs/ARCHITECTURE.md, "Real deployments"):
 * numbers as strings, missing members, extra members (stripped), values outside the
 * documented enumerations (kept as strings), URLs that are not http(s) (dropped to null),
 * `nextpage: null`, statistics as `[]`, a campaign's name under `domain`.
 */
export * from './primitives';
export * from './account';
export * from './domains';
export * from './campaigns';
export * from './channels';
export * from './extras';
export * from './qr';
export * from './shorten';
export { listPageSchema, MessageResponse, IdResponse, type ListPage } from './envelopes';
