export { type ClockMode, createClock, type SimClock } from './clock';
export { splitCommandBuffer, tokenizeCommand } from './console-parser';
export type { NodeProfile } from './context';
export { parseManifest, type ResourceManifest } from './manifest';
export {
  type CfxGlobals,
  type ClientEvent,
  createFxServer,
  type ExecutedCommand,
  type FakeApi,
  type FakeResourceDefinition,
  type FxServer,
  type FxServerOptions,
  type JoinOptions,
  JoinRefusedError,
  type KvpHookResult,
  type KvpWrite,
  type LuaMulti,
  type PayoutEntry,
  type PayoutHookResult,
} from './server';
