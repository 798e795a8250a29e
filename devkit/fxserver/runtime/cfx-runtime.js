// The simulated citizen JS runtime, evaluated INSIDE each resource's vm context (like FXServer's main.js + timer.js).
// Written from the documented behaviour of citizenfx/fivem data/shared/citizen/scripting/v8/{main,timer}.js; not a copy.
// It is a plain script expression: `(function (global, host) { ... })`, called by the host with the bridge object.
(function installCfxRuntime(global, host) {
  const EXT_FUNCREF = 10;
  const EXT_LOCALFUNCREF = 11;
  const LUA_MULTI = Symbol.for('fxserver.lua.multi');
  const resourceName = host.resourceName;
  const isLua = host.flavor === 'lua';

  // ---- msgpack boundary (msgpack-lite, FiveM's codec options) ----
  class FuncRef {
    constructor(ref) {
      this.ref = ref;
    }
  }
  const encodeAscii = (s) => Uint8Array.from(s, (c) => c.charCodeAt(0));
  const decodeAscii = (b) => String.fromCharCode.apply(null, Array.from(b));

  const codec = msgpack.createCodec({ uint8array: true, preset: false, binarraybuffer: true });
  codec.addExtPacker(EXT_FUNCREF, FuncRef, (f) => encodeAscii(f.ref));
  codec.addExtUnpacker(EXT_FUNCREF, (bytes) => makeRemoteFunction(decodeAscii(bytes)));
  codec.addExtUnpacker(EXT_LOCALFUNCREF, (bytes) => makeRemoteFunction(decodeAscii(bytes)));

  // msgpack-lite packs `typeof v === 'function'` as nil; FiveM's build turns functions into funcrefs, so functions are
  // swapped for FuncRef markers first. Everything else keeps msgpack-lite's own shape rules (Object.keys of any object).
  function prepare(v, depth) {
    if (depth > 100)
      throw new RangeError('Maximum call stack size exceeded (object too deep or cyclic for msgpack)');
    if (typeof v === 'function') return new FuncRef(makeRefFunction(v));
    if (v === null || typeof v !== 'object') return v;
    if (Object.prototype.toString.call(v) === '[object ArrayBuffer]') return v;
    if (Array.isArray(v)) return v.map((x) => prepare(x, depth + 1));
    const out = {};
    for (const k of Object.keys(v)) out[k] = prepare(v[k], depth + 1);
    return out;
  }
  const pack = (data) => msgpack.encode(prepare(data, 0), { codec });
  const unpack = (data) => msgpack.decode(data, { codec });
  global.msgpack_pack = pack;
  global.msgpack_unpack = unpack;

  // ---- function references ----
  let refIndex = 0;
  const refFunctions = new Map();
  function makeRefFunction(fn) {
    const idx = refIndex++;
    refFunctions.set(idx, { fn, refCount: 0 });
    return `${resourceName}:${host.instanceId}:${idx}`;
  }

  const finalizer =
    typeof FinalizationRegistry === 'function'
      ? new FinalizationRegistry((ref) => host.deleteRef(ref))
      : null;

  function nestedRefError(ref) {
    const owner = ref.split(':')[0];
    let msg = `Error in nested ref call for ${resourceName}. `;
    msg += `${resourceName} tried to call a function reference in ${owner} but the reference wasn't valid. `;
    if (host.natives.GetResourceState(owner) !== 'started') {
      msg += `And ${owner} isn't started, was the resource restarted mid call?`;
    } else {
      msg += `(did ${owner} restart recently?)`;
    }
    return new Error(msg);
  }

  function makeRemoteFunction(ref) {
    host.duplicateRef(ref);
    const remote = (...args) => {
      let retvals = null;
      try {
        const out = host.invokeRef(ref, pack(args));
        retvals = out == null ? null : unpack(out);
      } catch {
        retvals = null;
      }
      if (retvals === null || retvals === undefined) throw nestedRefError(ref);
      switch (retvals.length) {
        case 0:
          return undefined;
        case 1: {
          const rv = retvals[0];
          if (rv && typeof rv.__cfx_async_retval === 'function') {
            return new Promise((resolve, reject) => {
              rv.__cfx_async_retval((v, e) => {
                if (e != null) reject(e);
                else if (!v || v.length === 0) resolve(undefined);
                else if (v.length === 1) resolve(v[0]);
                else resolve(v);
              });
            });
          }
          return rv;
        }
        default:
          return retvals;
      }
    };
    if (finalizer) finalizer.register(remote, ref);
    return remote;
  }

  const isThenable = (v) => v !== null && v !== undefined && typeof v.then === 'function';
  const errorText = (err) => {
    if (!err) return '';
    if (err.message) return String(err.message);
    return String(err);
  };
  const luaRetvals = (v) => {
    if (v && typeof v === 'object' && v[LUA_MULTI]) return v.values;
    return v === undefined ? [] : [v];
  };

  function callRef(idx, argsSerialized) {
    const entry = refFunctions.get(idx);
    if (!entry) {
      if (isLua) host.print(`Invalid ref call attempt: ${idx}`, 'error');
      else console.error('Invalid ref call attempt:', idx);
      return isLua ? pack(null) : pack([]);
    }
    let rv;
    try {
      rv = entry.fn(...unpack(argsSerialized));
    } catch (e) {
      if (isLua) host.print(`SCRIPT ERROR: ${errorText(e)}`, 'error');
      else printError('call ref', e);
      return pack(null);
    }
    if (isThenable(rv)) {
      return pack([
        {
          __cfx_async_retval: (cb) => {
            rv.then(
              (v) => {
                if (cb != null) cb(isLua ? luaRetvals(v) : [v], null);
              },
              (err) => {
                if (cb != null) cb(isLua ? false : null, errorText(err));
              },
            );
          },
        },
      ]);
    }
    return pack(isLua ? luaRetvals(rv) : [rv]);
  }

  function duplicateRef(idx) {
    const entry = refFunctions.get(idx);
    if (entry) entry.refCount++;
  }

  function deleteRef(idx) {
    const entry = refFunctions.get(idx);
    if (entry && --entry.refCount <= 0) refFunctions.delete(idx);
  }

  // ---- errors ----
  function printError(where, e) {
    const text = e && typeof e === 'object' && 'stack' in e && e.stack ? String(e.stack) : String(e);
    const head = e === null || e === undefined ? String(e) : e.toString();
    const stackLines = text.split('\n').slice(1).join('\n');
    host.print(`SCRIPT ERROR in ${where}: ${head}${stackLines ? `\n${stackLines}` : ''}`, 'error');
  }
  global.printError = printError;

  // ---- events ----
  const listeners = new Map();
  const netSafeEventNames = new Set();
  const listenersOf = (name) => listeners.get(name) || [];

  global.addEventListener = (name, callback, netSafe = false) => {
    if (netSafe) netSafeEventNames.add(name);
    host.natives.RegisterResourceAsEventHandler(name);
    const list = listeners.get(name) || [];
    list.push(callback);
    listeners.set(name, list);
  };
  global.on = global.addEventListener;
  global.AddEventHandler = global.addEventListener;
  global.addNetEventListener = (name, callback) => global.addEventListener(name, callback, true);
  global.onNet = global.addNetEventListener;
  global.removeEventListener = (name, callback) => {
    const list = listeners.get(name);
    if (!list) return;
    const i = list.indexOf(callback);
    if (i >= 0) list.splice(i, 1);
  };
  global.RemoveEventHandler = global.removeEventListener;
  global.RegisterNetEvent = (name) => void netSafeEventNames.add(name);
  global.RegisterServerEvent = global.RegisterNetEvent;
  global.addRawEventListener = () => {
    throw new Error('addRawEventListener is not simulated');
  };

  global.emit = (name, ...args) => {
    host.triggerEvent(String(name), pack(args));
  };
  global.TriggerEvent = global.emit;
  global.emitNet = (name, target, ...args) => {
    host.triggerClientEvent(String(name), _ts(target), pack(args));
  };
  global.TriggerClientEvent = global.emitNet;
  global.TriggerLatentClientEvent = (name, target, _bps, ...args) => {
    host.triggerClientEvent(String(name), _ts(target), pack(args));
  };

  global.getPlayerIdentifiers = (player) => {
    const n = global.GetNumPlayerIdentifiers(player);
    const t = [];
    for (let i = 0; i < n; i++) t[i] = global.GetPlayerIdentifier(player, i);
    return t;
  };
  global.getPlayerTokens = (player) => {
    const n = global.GetNumPlayerTokens(player);
    const t = [];
    for (let i = 0; i < n; i++) t[i] = global.GetPlayerToken(player, i);
    return t;
  };
  global.getPlayers = () => {
    const n = global.GetNumPlayerIndices();
    const t = [];
    for (let i = 0; i < n; i++) t[i] = global.GetPlayerFromIndex(i);
    return t;
  };

  function dispatchEvent(name, payloadSerialized, source) {
    global.source = source;
    if (source.startsWith('net')) {
      if (listenersOf(name).length > 0 && !netSafeEventNames.has(name)) {
        console.error(`Event ${name} was not safe for net`);
        global.source = null;
        return;
      }
      global.source = Number.parseInt(source.substr(4), 10);
    } else if (source.startsWith('internal-net')) {
      global.source = Number.parseInt(source.substr(13), 10);
    }
    const list = listenersOf(name).slice();
    if (list.length === 0) {
      global.source = null;
      return;
    }
    const payload = unpack(payloadSerialized) || [];
    if (!Array.isArray(payload)) {
      global.source = null;
      return;
    }
    for (const listener of list) {
      try {
        const retval = listener.apply(null, payload);
        if (isThenable(retval)) {
          retval.then(undefined, (e) => console.error('Unhandled promise failure:', e));
        }
      } catch (e) {
        printError(`event \`${name}'`, e);
      }
    }
    global.source = null;
  }

  // ---- exports ----
  const exportsCallbackCache = {};
  const exportEventName = (resource, name) =>
    `__cfx_export_${resource === 'txAdmin' ? 'monitor' : resource}_${name}`;

  global.on('onServerResourceStart', (resource) => {
    if (resource !== resourceName) return;
    const n = global.GetNumResourceMetadata(resource, 'server_export') || 0;
    for (let i = 0; i < n; i++) {
      const exportName = global.GetResourceMetadata(resource, 'server_export', i);
      global.on(exportEventName(resource, exportName), (setCB) => {
        if (global[exportName]) setCB(global[exportName]);
      });
    }
  });
  global.on('onServerResourceStop', (resource) => {
    exportsCallbackCache[resource] = {};
  });

  global.exports = new Proxy(() => {}, {
    get(_t, resource) {
      return new Proxy(
        {},
        {
          get(_t2, k) {
            if (!exportsCallbackCache[resource]) exportsCallbackCache[resource] = {};
            if (!exportsCallbackCache[resource][k]) {
              global.emit(exportEventName(resource, k), (exportData) => {
                exportsCallbackCache[resource][k] = exportData;
              });
              if (!exportsCallbackCache[resource][k]) {
                throw new Error(`No such export ${String(k)} in resource ${String(resource)}`);
              }
            }
            return (...args) => {
              try {
                return exportsCallbackCache[resource][k](...args);
              } catch {
                throw new Error(
                  `An error occurred while calling export ${String(k)} of resource ${String(resource)} - see above for details`,
                );
              }
            };
          },
          set() {
            throw new Error('cannot set values on an export resource');
          },
        },
      );
    },
    apply(_t, _self, args) {
      if (args.length !== 2) throw new Error('this needs 2 arguments');
      const [exportName, func] = args;
      global.on(exportEventName(resourceName, exportName), (setCB) => {
        setCB(func);
      });
    },
    set() {
      throw new Error('cannot set values on exports');
    },
  });

  // ---- timers (tick driven, object handles) ----
  let gameTime = host.getTickCount();
  const timers = new Map();
  let timerId = 0;
  const tickers = new Map();
  let tickerId = 0;
  let animationFrames = [];

  const normalizeInterval = (interval) => Math.max(1, Math.min(2147483647, interval || 1)) | 0;
  function timerHandle() {
    const id = ++timerId;
    return {
      id,
      unref() {
        return this;
      },
      ref() {
        return this;
      },
      hasRef() {
        return true;
      },
      refresh() {
        const t = timers.get(id);
        if (t) t.lastRun = gameTime;
        return this;
      },
      [Symbol.toPrimitive]() {
        return id;
      },
    };
  }
  function clearTimer(timer) {
    if (!timer) return;
    timers.delete(timer.id);
  }
  function assertFn(cb) {
    if (typeof cb !== 'function') throw new TypeError(`Callback must be a function. Received ${cb}`);
  }
  function setIntervalCfx(cb, interval, ...rest) {
    assertFn(cb);
    const h = timerHandle();
    timers.set(h.id, {
      callback: () => cb(...rest),
      interval: normalizeInterval(interval),
      lastRun: gameTime,
    });
    return h;
  }
  function setTimeoutCfx(cb, timeout, ...rest) {
    assertFn(cb);
    const h = timerHandle();
    timers.set(h.id, {
      callback: () => {
        try {
          cb(...rest);
        } finally {
          clearTimer(h);
        }
      },
      interval: normalizeInterval(timeout),
      lastRun: gameTime,
    });
    return h;
  }
  function setImmediateCfx(cb, ...rest) {
    assertFn(cb);
    return setTimeoutCfx(cb, 0, ...rest);
  }
  function setTick(cb) {
    assertFn(cb);
    const id = ++tickerId;
    tickers.set(id, { callback: cb, promise: null });
    return id;
  }
  function clearTick(id) {
    if (!id) return;
    tickers.delete(id);
  }
  function requestAnimationFrame(cb) {
    animationFrames.push(cb);
  }

  function onTick(localGameTime) {
    for (const [, timer] of Array.from(timers)) {
      if (localGameTime - timer.lastRun > timer.interval) {
        try {
          timer.callback();
        } catch (e) {
          printError('timer', e);
        }
        timer.lastRun = localGameTime;
      }
    }
    for (const [id, ticker] of Array.from(tickers)) {
      if (ticker.promise !== null && ticker.promise !== undefined) continue;
      let result;
      try {
        result = ticker.callback();
      } catch (e) {
        printError('ticker', e);
        continue;
      }
      if (isThenable(result)) {
        ticker.promise = result.then(
          () => {
            const t = tickers.get(id);
            if (t) t.promise = null;
          },
          (e) => printError('ticker', e),
        );
      }
    }
    if (animationFrames.length !== 0) {
      const frames = animationFrames;
      animationFrames = [];
      for (let i = frames.length - 1; i >= 0; i--) {
        try {
          frames[i]();
        } catch (e) {
          printError('animationFrame', e);
        }
      }
    }
    gameTime = localGameTime;
  }

  const defineLocked = (values) => {
    for (const name of Object.keys(values)) {
      Object.defineProperty(global, name, {
        value: values[name],
        writable: false,
        enumerable: true,
        configurable: false,
      });
    }
  };
  defineLocked({
    setTick,
    clearTick,
    setTimeout: setTimeoutCfx,
    clearTimeout: clearTimer,
    setInterval: setIntervalCfx,
    clearInterval: clearTimer,
    setImmediate: setImmediateCfx,
    clearImmediate: clearTimer,
    requestAnimationFrame,
  });

  // ---- natives: string arguments go through _ts like the generated natives ----
  function _ts(num) {
    if (num === 0 || num === null || num === undefined || num === false) return null;
    if (ArrayBuffer.isView(num) || num instanceof ArrayBuffer) return num;
    return num.toString();
  }
  const n = host.natives;
  const s =
    (fn) =>
    (a, ...rest) =>
      fn(_ts(a), ...rest);
  const natives = {
    GetCurrentResourceName: () => n.GetCurrentResourceName(),
    GetInvokingResource: () => n.GetInvokingResource(),
    GetResourceState: (r) => n.GetResourceState(_ts(r)),
    ScheduleResourceTick: (r) => n.ScheduleResourceTick(_ts(r)),
    GetResourcePath: (r) => n.GetResourcePath(_ts(r)),
    GetNumResources: () => n.GetNumResources(),
    GetResourceByFindIndex: (i) => n.GetResourceByFindIndex(i),
    GetNumResourceMetadata: (r, k) => n.GetNumResourceMetadata(_ts(r), _ts(k)),
    GetResourceMetadata: (r, k, i) => n.GetResourceMetadata(_ts(r), _ts(k), i),
    LoadResourceFile: (r, f) => n.LoadResourceFile(_ts(r), _ts(f)),
    SaveResourceFile: (r, f, d, len) => n.SaveResourceFile(_ts(r), _ts(f), _ts(d), len),
    StartResource: s(n.StartResource),
    StopResource: s(n.StopResource),
    IsDuplicityVersion: () => true,
    GetGameTimer: () => n.GetGameTimer(),
    GetConvar: (k, d) => n.GetConvar(_ts(k), _ts(d)),
    GetConvarInt: (k, d) => n.GetConvarInt(_ts(k), d),
    GetConvarFloat: (k, d) => n.GetConvarFloat(_ts(k), d),
    GetConvarBool: (k, d) => n.GetConvarBool(_ts(k), d),
    SetConvar: (k, v) => n.SetConvar(_ts(k), _ts(v)),
    GetNumPlayerIndices: () => n.GetNumPlayerIndices(),
    GetPlayerFromIndex: (i) => n.GetPlayerFromIndex(i),
    GetPlayerName: s(n.GetPlayerName),
    GetPlayerEndpoint: s(n.GetPlayerEndpoint),
    GetPlayerPing: s(n.GetPlayerPing),
    GetPlayerGuid: s(n.GetPlayerGuid),
    DoesPlayerExist: s(n.DoesPlayerExist),
    GetNumPlayerIdentifiers: s(n.GetNumPlayerIdentifiers),
    GetPlayerIdentifier: (p, i) => n.GetPlayerIdentifier(_ts(p), i),
    GetPlayerIdentifierByType: (p, t) => n.GetPlayerIdentifierByType(_ts(p), _ts(t)),
    GetNumPlayerTokens: s(n.GetNumPlayerTokens),
    GetPlayerToken: (p, i) => n.GetPlayerToken(_ts(p), i),
    DropPlayer: (p, r) => n.DropPlayer(_ts(p), _ts(r)),
    IsPlayerAceAllowed: (p, o) => n.IsPlayerAceAllowed(_ts(p), _ts(o)),
    IsAceAllowed: (o) => n.IsAceAllowed(_ts(o)),
    IsPrincipalAceAllowed: (p, o) => n.IsPrincipalAceAllowed(_ts(p), _ts(o)),
    ExecuteCommand: (c) => n.ExecuteCommand(_ts(c)),
    RegisterCommand: (name, handler, restricted) =>
      n.RegisterCommand(
        _ts(name),
        typeof handler === 'function' ? makeRefFunction(handler) : null,
        !!restricted,
      ),
    GetRegisteredCommands: () => unpack(n.GetRegisteredCommands()),
    CancelEvent: () => n.CancelEvent(),
    WasEventCanceled: () => n.WasEventCanceled(),
    RegisterResourceAsEventHandler: (name) => n.RegisterResourceAsEventHandler(_ts(name)),
    SetResourceKvp: (k, v) => n.SetResourceKvp(_ts(k), _ts(v)),
    SetResourceKvpNoSync: (k, v) => n.SetResourceKvpNoSync(_ts(k), _ts(v)),
    SetResourceKvpInt: (k, v) => n.SetResourceKvpInt(_ts(k), v),
    SetResourceKvpIntNoSync: (k, v) => n.SetResourceKvpIntNoSync(_ts(k), v),
    SetResourceKvpFloat: (k, v) => n.SetResourceKvpFloat(_ts(k), v),
    SetResourceKvpFloatNoSync: (k, v) => n.SetResourceKvpFloatNoSync(_ts(k), v),
    GetResourceKvpString: s(n.GetResourceKvpString),
    GetResourceKvpInt: s(n.GetResourceKvpInt),
    GetResourceKvpFloat: s(n.GetResourceKvpFloat),
    DeleteResourceKvp: s(n.DeleteResourceKvp),
    DeleteResourceKvpNoSync: s(n.DeleteResourceKvpNoSync),
    FlushResourceKvp: () => n.FlushResourceKvp(),
    StartFindKvp: s(n.StartFindKvp),
    FindKvp: (h) => n.FindKvp(h),
    EndFindKvp: (h) => n.EndFindKvp(h),
    PerformHttpRequestInternalEx: (requestData) => n.PerformHttpRequestInternalEx(pack(requestData)),
    PerformHttpRequestInternal: (requestData, length) =>
      n.PerformHttpRequestInternal(_ts(requestData), length),
  };
  for (const name of Object.keys(natives)) global[name] = natives[name];
  global.Citizen = {
    trace: (text) => host.print(String(text).replace(/\n$/, ''), 'info'),
    getTickCount: () => host.getTickCount(),
    makeRefFunction,
    getRefFunction: (fn) => (typeof fn === 'function' ? makeRefFunction(fn) : null),
  };

  return {
    dispatchEvent,
    callRef,
    duplicateRef,
    deleteRef,
    onTick,
    listenerCount: (name) => listenersOf(name).length,
  };
});
