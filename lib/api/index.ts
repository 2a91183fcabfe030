// The typed client of the service's interface: schemas, inputs, errors, the client itself.
export * from './errors';
export * from './schemas';
export * from './inputs';
export * from './constants';
export * from './rateInfo';
export { createApiClient, LIST_METHODS, type ApiClient, type ListName } from './client';
export { platformFetch, groupOfPath } from './http';
export { fetchAllPages } from './paginate';
export { fetchImage, type FetchedImage } from './image';
