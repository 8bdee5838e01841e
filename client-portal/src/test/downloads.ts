import { vi } from 'vitest';

/**
 * Records the files a screen hands to the browser (saveFile): each object URL's blob and the
 * download name of the link clicked. jsdom has no URL.createObjectURL, so one is put in place;
 * call the returned `restore` after the test.
 */
export function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  const define = (name: 'createObjectURL' | 'revokeObjectURL', value: unknown) =>
    Object.defineProperty(URL, name, { value, configurable: true, writable: true });
  define('createObjectURL', (blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  });
  define('revokeObjectURL', () => undefined);
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    files.push({ name: this.download, blob: blobs.get(this.getAttribute('href') ?? '')! });
  });
  return {
    files,
    restore() {
      click.mockRestore();
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    },
  };
}
