// The keys of the audit trail as a use case holds them: the sealing key and the older ones that
// still verify (rotation). Where they come from (AUDIT_KEY, the key file) is the audit module's
// concern (src/modules/audit); every module's context carries the ring (src/context.ts).
import { ConfigError } from '../config.js';
import { auditKeyId, entryMac, sameMac } from '../domain/audit.js';

export class Keyring {
  private readonly byId = new Map<string, { key: Buffer; rank: number }>();
  /** The id of the key that seals new entries. */
  readonly currentId: string;

  /** `keys[0]` seals; `origin` says where the keys came from, for messages. */
  constructor(
    keys: readonly Buffer[],
    readonly origin: string,
  ) {
    if (!keys.length) throw new ConfigError(`${origin} holds no key`);
    keys.forEach((key, rank) => this.byId.set(auditKeyId(key), { key, rank }));
    this.currentId = auditKeyId(keys[0]);
  }

  /** The ids of the keys, the sealing one first. */
  ids(): string[] {
    return [...this.byId.keys()];
  }

  has(keyId: string): boolean {
    return this.byId.has(keyId);
  }

  /** 0 for the sealing key, 1 for the key before it…; undefined for a key not in the ring. */
  rank(keyId: string): number | undefined {
    return this.byId.get(keyId)?.rank;
  }

  /** The MAC of `content` under the sealing key. */
  seal(content: string): string {
    return entryMac(this.byId.get(this.currentId)!.key, content);
  }

  /** Whether `mac` is the MAC of `content` under key `keyId` (false for an unknown key). */
  authenticates(keyId: string, content: string, mac: string): boolean {
    const entry = this.byId.get(keyId);
    return entry !== undefined && sameMac(entryMac(entry.key, content), mac);
  }
}
