/**
 * jsdom draws nothing: the drawing pad's library as a stand-in for the page tests
 * (`vi.mock('signature_pad', () => import('./signature-pad.stub.ts'))`); its wrapper has its own test.
 */
export default class SignaturePadStub {
  addEventListener() {}
  removeEventListener() {}
  off() {}
  redraw() {}
  clear() {}
  isEmpty() {
    return true;
  }
}
