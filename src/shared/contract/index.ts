export * from './endpoints.js';
export * from './errors.js';
export * from './requests.js';
export * from './envelope.js';
export * from './parse-response.js';
export * from './quantize.js';
export * from './tasks.js';
