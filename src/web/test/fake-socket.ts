/**
 * A stand-in for the browser's WebSocket in unit tests of the socket client (`vi.stubGlobal('WebSocket', FakeSocket)`):
 * it records what the client sends, and the test opens it, closes it with a code, or hands it a frame.
 */
export class FakeSocket {
  static opened: FakeSocket[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  sent: string[] = [];
  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closedBy(1000);
  }
  closedBy(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  /** The server sends `data` (one event, or an array of them), encoded as JSON. */
  frame(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data) });
  }
}
