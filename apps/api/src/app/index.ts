export { buildApp, type AppDeps } from './build-app';
