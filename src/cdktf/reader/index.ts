export { readStack, type StackResult } from './read-stack.js';
