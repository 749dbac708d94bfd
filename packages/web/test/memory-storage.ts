/**
 * Tests only: localStorage for tests that run without a DOM (Node has none), a Map behind the
 * Storage interface. It can be made full (setItem throws QuotaExceededError, as browsers do) or
 * unavailable (every call throws SecurityError, as with storage turned off).
 */
export class MemoryStorage implements Storage {
  readonly items = new Map<string, string>();
  isFull = false;
  isUnavailable = false;

  get length(): number {
    this.check();
    return this.items.size;
  }

  key(index: number): string | null {
    this.check();
    return [...this.items.keys()][index] ?? null;
  }

  getItem(key: string): string | null {
    this.check();
    return this.items.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.check();
    if (this.isFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.items.set(key, value);
  }

  removeItem(key: string): void {
    this.check();
    this.items.delete(key);
  }

  clear(): void {
    this.check();
    this.items.clear();
  }

  private check(): void {
    if (this.isUnavailable) throw new DOMException('The operation is insecure.', 'SecurityError');
  }
}
