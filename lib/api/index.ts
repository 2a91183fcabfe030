// The typed client of the service's interface: schemas, inputs, errors, the client itself.
export * from './errors';
export * from './schemas';
export * from './inputs';
export * from './constants';
export * from './rateInfo';
export { createApiClient, LIST_METHODS, type ApiClient, type ListName } from './client';
export { send, buildUrl, platformFetch, groupOfPath, type ClientConfig, type AuthForm, type RequestSpec } from './http';
export { fetchAllPages, MAX_PAGES } from './paginate';
export { toPlainText } from './plainText';
export { safeHttpUrl } from './safeUrl';
export { fetchImage, type FetchedImage } from './image';
