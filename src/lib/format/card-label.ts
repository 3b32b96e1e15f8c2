/**
 * A saved card as a person reads it: "UzCard ·· 6478". Shared by the features that show saved cards
 * (payments' /pay, Hissa's card choice), so the same card reads the same everywhere.
 */
export function cardLabel(card: { brand: string; masked_number: string }): string {
  const names: Record<string, string> = { uzcard: 'UzCard', humo: 'Humo', visa: 'Visa', mastercard: 'Mastercard' };
  return `${names[card.brand] ?? card.brand} ·· ${card.masked_number.slice(-4)}`;
}
