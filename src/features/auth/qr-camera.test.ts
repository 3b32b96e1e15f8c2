import { describe, expect, it } from 'vitest';
import { cameraProblem } from './qr-camera';

describe("the scanner's camera problems", () => {
  it('a refusal (by the person or a policy) is told apart from no usable camera', () => {
    expect(cameraProblem(new DOMException('denied', 'NotAllowedError'))).toBe('refused');
    expect(cameraProblem(new DOMException('insecure', 'SecurityError'))).toBe('refused');
    expect(cameraProblem(new DOMException('none', 'NotFoundError'))).toBe('no-camera');
    expect(cameraProblem(new DOMException('busy', 'NotReadableError'))).toBe('no-camera');
    expect(cameraProblem(new DOMException('rear only', 'OverconstrainedError'))).toBe('no-camera');
  });
});
