// Words of a group of pages kept beside them (French first, English when chosen), so that pages added
// together do not all grow the one i18n.ts table. Same placeholders as t(): "{name}".
import { lang } from './i18n';

export function dictionary<K extends string>(fr: Record<K, string>, en: Record<K, string>) {
  return (key: K, params: Record<string, string | number> = {}): string =>
    (lang() === 'fr' ? fr : en)[key].replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}
