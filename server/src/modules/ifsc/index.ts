export {
  IFSC_PATTERN,
  type IfscDirectory,
  loadIfscDirectory,
  sharedIfscDirectory,
} from './directory';
export { IFSC_NOT_FOUND, ifscRoutes } from './routes';
