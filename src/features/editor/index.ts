export { editorIntegration } from './integration.ts';
