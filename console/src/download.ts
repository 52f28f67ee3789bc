// A file the API answers, saved by the browser under the name the API gives (Content-Disposition):
// fetched first, so that a refusal is shown on the page instead of being saved as a file.
import { callBlob, type OperationOf, type PathsFor, type Rest } from './api';

export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

/** Downloads the file a GET of `path` answers (typed like call: path parameters, query); answers its name. */
export async function downloadFile<P extends PathsFor<'GET'>>(
  fallback: string,
  path: P,
  ...rest: Rest<OperationOf<P, 'GET'>>
): Promise<string> {
  const answer = await callBlob(path, ...rest);
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
