export { $toasts } from './store.ts';
