/**
 * Response buffers lent to one response at a time and taken back when it closes, for bodies assembled per request
 * (a signed-in mix, ADR 050). A new buffer of 40 KB for every request was fresh memory each time: the allocator gives
 * the blocks freed between collections back to the system, and copying into new pages page-faulted (half of a
 * signed-in mix read's time). A lent buffer is written once, sent, and not touched again until its response has
 * closed: by then Node has handed every byte to the kernel (or dropped them with the connection).
 */
export class BodyPool {
  private idle: Buffer[] = [];
  /** Every buffer's size: a power of two that fits the largest body so far (the pool starts again when it grows). */
  private size: number;

  constructor(
    private readonly opts: { maxIdle: number; minSize: number; maxSize: number } = {
      maxIdle: 64,
      minSize: 16 * 1024,
      maxSize: 1024 * 1024,
    },
  ) {
    this.size = opts.minSize;
  }

  /** `parts` joined in a buffer lent to `res` until it closes (a body past `maxSize` gets a buffer of its own). */
  join(
    parts: readonly Buffer[],
    byteLength: number,
    res: { once(event: 'close', listener: () => void): unknown },
  ): Buffer {
    if (byteLength > this.opts.maxSize) return Buffer.concat(parts, byteLength);
    if (byteLength > this.size) {
      this.size = 2 ** Math.ceil(Math.log2(byteLength));
      this.idle = [];
    }
    const buffer = this.idle.pop() ?? Buffer.allocUnsafeSlow(this.size);
    let at = 0;
    for (const part of parts) at += part.copy(buffer, at);
    res.once('close', () => {
      if (buffer.length === this.size && this.idle.length < this.opts.maxIdle) this.idle.push(buffer);
    });
    return buffer.subarray(0, at);
  }

  /** Buffers waiting to be lent (tests). */
  get idleCount(): number {
    return this.idle.length;
  }
}
