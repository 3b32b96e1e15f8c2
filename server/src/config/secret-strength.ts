/**
 * A simple, documented estimate of how guessable a configured secret is (README, KEY_ENCRYPTION_SECRET;
 * docs/deploy.md). Not a measure of true randomness, which no one can read off a string: a cap that
 * catches what people type instead of a generated secret — one letter repeated, a short pattern
 * repeated, a sentence of a few letters — while every secret made as the README says
 * (`openssl rand -base64 32`, about 210 bits by this estimate; `openssl rand -hex 32`, about 240)
 * passes.
 *
 * The estimate: take the shortest unit the secret repeats (`abcabcabc…` counts as `abc`), then its
 * length times the Shannon entropy of its characters' frequencies (bits per character,
 * −Σ p·log₂ p). A secret of one character is 0 bits; `abcabc…` is 3 × log₂ 3 ≈ 4.8 bits.
 */

/** The shortest prefix the whole string repeats (the string itself when it repeats nothing). */
function repeatedUnit(characters: readonly string[]): readonly string[] {
  for (let period = 1; period < characters.length; period++) {
    if (characters.every((character, index) => index < period || character === characters[index - period]))
      return characters.slice(0, period);
  }
  return characters;
}

/** The estimated bits of `secret`, by the rule above (code points, not UTF-16 units). */
export function estimatedSecretBits(secret: string): number {
  const unit = repeatedUnit([...secret]);
  const counts = new Map<string, number>();
  for (const character of unit) counts.set(character, (counts.get(character) ?? 0) + 1);
  let bitsPerCharacter = 0;
  for (const count of counts.values()) {
    const share = count / unit.length;
    bitsPerCharacter -= share * Math.log2(share);
  }
  return bitsPerCharacter * unit.length;
}

/**
 * What is wrong with a production KEY_ENCRYPTION_SECRET, as the end of a sentence naming the
 * variable, or null. The development secret is published in this repository, so it seals nothing.
 */
export function productionSecretProblem(secret: string, developmentSecret: string, minBits: number): string | null {
  if (secret === developmentSecret)
    return 'is the published development secret: generate one (openssl rand -base64 32)';
  const bits = estimatedSecretBits(secret);
  if (bits < minBits)
    return `is too easy to guess: about ${Math.floor(bits)} bits by the estimate of docs/deploy.md, at least ${minBits} needed (openssl rand -base64 32)`;
  return null;
}
