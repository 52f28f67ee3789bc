// Hash routes (#/invoices/12): the server serves one page, and the token of a sign-in link stays
// in the fragment, which browsers never send to a server.
import { useEffect, useState } from 'preact/hooks';

export interface Route {
  path: string[];
  query: URLSearchParams;
}

function current(): Route {
  const hash = location.hash.replace(/^#\/?/, '');
  const [path, query = ''] = hash.split('?');
  return { path: path.split('/').filter(Boolean).map(decodeURIComponent), query: new URLSearchParams(query) };
}

export function useRoute(): Route {
  const [route, setRoute] = useState(current);
  useEffect(() => {
    const update = () => {
      setRoute(current());
    };
    addEventListener('hashchange', update);
    return () => {
      removeEventListener('hashchange', update);
    };
  }, []);
  return route;
}

export function go(path: string): void {
  location.hash = `#${path}`;
}
