// A file the API answers, saved by the browser under the name the API gives (Content-Disposition):
// fetched first, so that a refusal is shown on the page instead of being saved as a file.
import { call } from './api';

export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

export async function downloadFile(path: string, fallback: string): Promise<string> {
  const answer = await call<Blob>('GET', path, { blob: true });
  const name = fileNameOf(answer.headers.get('content-disposition'), fallback);
  const url = URL.createObjectURL(answer.data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 1000);
  return name;
}
