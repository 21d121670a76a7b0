/**
 * Preloaded (`node --import`) into the bench's server children: when the process has an IPC channel, it
 * sends process.memoryUsage() to the parent every 50 ms, so the bench can say which part of the memory
 * grew (V8 heap, Buffers outside the heap). The RSS the bench reports is read from /proc by the parent.
 */
const INTERVAL_MS = 50;

if (typeof process.send === 'function') {
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    process.send?.({
      kind: 'memory',
      at: Date.now(),
      rss: m.rss,
      heapTotal: m.heapTotal,
      heapUsed: m.heapUsed,
      external: m.external,
      arrayBuffers: m.arrayBuffers,
    });
  }, INTERVAL_MS);
  timer.unref();
  // The parent going away must not keep the server alive on a dead channel.
  process.on('disconnect', () => clearInterval(timer));
}
