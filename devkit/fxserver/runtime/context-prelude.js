// Evaluated INSIDE each resource's vm context before any resource script: a virtual-clock Date/performance, and a
// fetch whose results belong to this context's realm (FXServer runs resources in Node's own realm, so resource code
// may rely on `instanceof Error`, `JSON` objects of its own realm, etc.).
(function installPrelude(global, host) {
  if (host.virtualClock) {
    const RealDate = global.Date;
    global.Date = new Proxy(RealDate, {
      construct(target, args, newTarget) {
        return Reflect.construct(target, args.length === 0 ? [host.now()] : args, newTarget);
      },
      apply() {
        return new RealDate(host.now()).toString();
      },
      get(target, key, receiver) {
        if (key === 'now') return () => host.now();
        return Reflect.get(target, key, receiver);
      },
    });
    global.performance = { now: () => host.gameTimer(), timeOrigin: host.now() - host.gameTimer() };
  }

  if (typeof host.AbortSignal === 'function') {
    global.AbortSignal = host.virtualClock
      ? new Proxy(host.AbortSignal, {
          get(target, key, receiver) {
            if (key === 'timeout' && host.hasAbortSignalTimeout) {
              return (ms) => {
                const controller = new global.AbortController();
                host.schedule(ms, () =>
                  controller.abort(
                    new global.DOMException('The operation was aborted due to timeout', 'TimeoutError'),
                  ),
                );
                return controller.signal;
              };
            }
            if (key === 'timeout') return undefined;
            return Reflect.get(target, key, receiver);
          },
        })
      : host.AbortSignal;
  }

  if (typeof host.fetch === 'function') {
    // The cause too (undici's socket, parser or assert error): resource code reads it with `instanceof Error`.
    const revive = (e, depth = 0) => {
      if (!e || typeof e !== 'object' || e.name === 'AbortError' || e.name === 'TimeoutError') return e;
      const Ctor = e.name === 'TypeError' ? TypeError : e.name === 'RangeError' ? RangeError : Error;
      const cause = e.cause === undefined || depth >= 4 ? e.cause : revive(e.cause, depth + 1);
      const copy = new Ctor(e.message, cause === undefined ? undefined : { cause });
      if (copy.name !== e.name) copy.name = e.name;
      if (e.stack) copy.stack = e.stack;
      if (e.code !== undefined) copy.code = e.code;
      return copy;
    };
    const wrapResponse = (res) =>
      new Proxy(res, {
        get(target, key) {
          if (key === 'json') return async () => JSON.parse(await target.text());
          if (key === 'clone') return () => wrapResponse(target.clone());
          const v = Reflect.get(target, key, target);
          return typeof v === 'function' ? v.bind(target) : v;
        },
      });
    global.fetch = async function fetch(input, init) {
      const done = host.ioStart(`fetch ${String(input?.url ? input.url : input)}`);
      try {
        return wrapResponse(await host.fetch(input, init));
      } catch (e) {
        throw revive(e);
      } finally {
        done();
      }
    };
  }
});
