export * from './common';
export * from './health';
export * from './settings';
export * from './routes';
