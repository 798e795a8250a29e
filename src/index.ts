/** Entry point of `dist/server.js`: the one place that starts anything. */
import './runtime/zod';
import { createResource } from './resource';
import { createFivemRuntime } from './runtime/fivem';

try {
  void createResource(createFivemRuntime()).start();
} catch (error) {
  console.log(`^1vote-reward: could not start: ${error instanceof Error ? error.message : String(error)}^7`);
}
