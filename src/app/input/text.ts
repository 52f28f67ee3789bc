// Free-text input as stored: trimmed, blank read as absent; and the names derived from a person's.

/** The trimmed text, or null when absent or blank. */
export function clean(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** "Jean Dupont": first name then last name, as people are addressed; null when both are blank. */
export function personName(p: { firstName?: string | null; lastName?: string | null }): string | null {
  return [clean(p.firstName), clean(p.lastName)].filter(Boolean).join(' ') || null;
}
