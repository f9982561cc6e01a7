/**
 * A file the service answered (fetched with the signed-in admin's token, which a plain link
 * could not carry) handed to the browser to save under `name`.
 */
export function saveFile(data: Blob, name: string): void {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The browser has taken the file once the click is handled.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
